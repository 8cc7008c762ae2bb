import { Type, type Static } from '@sinclair/typebox';

/** A Magento tax rule (spec §3): which rates apply to which customer and product tax classes. */
export const TaxRule = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  priority: Type.Integer(),
  position: Type.Integer(),
  customer_tax_class_ids: Type.Array(Type.Integer()),
  product_tax_class_ids: Type.Array(Type.Integer()),
  tax_rate_ids: Type.Array(Type.Integer()),
  rates: Type.Array(
    Type.Object({
      id: Type.Integer(),
      code: Type.String(),
      /** Percent: 23 for Polish VAT. */
      rate: Type.Number(),
      tax_country_id: Type.String(),
      tax_region_id: Type.Integer(),
      region_name: Type.String(),
      tax_postcode: Type.String(),
    }),
  ),
});
export type TaxRule = Static<typeof TaxRule>;
