import type { TaxSettings } from '@kaloryfer/domain';
import type { TaxRule } from '@kaloryfer/api-contract';

/**
 * Store tax settings (spec §3): Polish prices are entered gross, shown gross; PL is the
 * default country; the retail customer tax class is 3.
 */
export const STORE_TAX = {
  defaultCountry: 'PL',
  defaultRegion: '',
  sourcePriceIncludesTax: true,
  finalPriceIncludesTax: true,
  userGroupId: 0,
  useOnlyDefaultUserGroupId: false,
  customerTaxClassId: 3,
} as const;

/** The rate of a product tax class for the default country and retail customers. */
export function taxSettingsFrom(rules: TaxRule[], country: string = STORE_TAX.defaultCountry): TaxSettings {
  const rates = new Map<number, number>();
  for (const rule of rules) {
    if (!rule.customer_tax_class_ids.includes(STORE_TAX.customerTaxClassId)) continue;
    const rate = rule.rates.find((candidate) => candidate.tax_country_id === country);
    if (!rate) continue;
    for (const taxClass of rule.product_tax_class_ids) if (!rates.has(taxClass)) rates.set(taxClass, rate.rate);
  }
  return {
    sourcePriceIncludesTax: STORE_TAX.sourcePriceIncludesTax,
    rateFor: (taxClassId) => {
      const rate = rates.get(taxClassId);
      if (rate === undefined) throw new Error(`no tax rule for product tax class ${taxClassId} in ${country}`);
      return rate;
    },
  };
}
