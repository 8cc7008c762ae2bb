import { heatOutput, type Temperatures } from '@kaloryfer/domain';
import { MATERIAL_PRICE_FACTOR, type HeightStep, type PriceRule, type RadiatorFamily } from './families';
import type { ColourSeed } from './reference-data';

/**
 * What a family's table says about one size: its output at 75/65/20, at 70/55/20 (by the shop's
 * PN-EN 442 formula, `heatOutput`, the one product pages and the output filter use), its price,
 * weight and element count. The advice articles quote the same figures (`advice-figures.ts`).
 */

/** The second rating product pages print: an older boiler's water temperatures. */
const AT_70_55_20: Temperatures = { supply: 70, return: 55, room: 20 };

/** Colour surcharge on the steel price: white is the base, chrome and gold are plated, the rest powder-coated. */
const COLOUR_SURCHARGE: Readonly<Record<string, number>> = { BIA: 1, CHR: 1.25, ZLO: 1.25 };
const POWDER_COAT_SURCHARGE = 1.1;

const squareMetres = (width: number, height: number) => (width / 1000) * (height / 1000);
const atHeight = (steps: readonly HeightStep[], height: number) => steps.find((step) => height >= step.from)!.value;

/** Nominal output at 75/65/20 (W), unrounded. */
export function nominalOutput(family: RadiatorFamily, width: number, height: number): number {
  const rule = family.output;
  switch (rule.per) {
    case 'square-metre':
      return rule.watts * squareMetres(width, height);
    case 'metre':
      return rule.watts * (width / 1000) * (height / rule.atHeight) ** rule.heightExponent;
    case 'element':
      return (width / family.elementWidth!) * atHeight(rule.watts, height);
    case 'heating-element':
      return atHeight(rule.watts, height);
  }
}

/** The output a product states: nominal, rounded to 5 W as catalogues print it. */
export function ratedOutput(family: RadiatorFamily, width: number, height: number): number {
  return Math.round(nominalOutput(family, width, height) / 5) * 5;
}

/** The heating fields of a product or variant rated `watts`; an electric radiator has no water ratings. */
export function heatingRatings(family: RadiatorFamily, watts: number) {
  return {
    power: watts,
    power_75_65_20: family.electric ? undefined : watts,
    power_70_55_20: family.electric ? undefined : heatOutput(watts, AT_70_55_20, family.exponent),
  };
}

function steelPrice(rule: PriceRule, family: RadiatorFamily, width: number, height: number): number {
  switch (rule.per) {
    case 'square-metre':
      return rule.base + rule.perSquareMetre * squareMetres(width, height);
    case 'metre':
      return (rule.base + rule.perMetre * (width / 1000)) * (height / rule.atHeight) ** rule.heightExponent;
    case 'element':
      return rule.base + (width / family.elementWidth!) * atHeight(rule.perElement, height);
  }
}

/** Gross price (PLN, not yet a shelf price) of a size in a material and colour. */
export function listPrice(family: RadiatorFamily, width: number, height: number, material: number, colour: ColourSeed): number {
  const materialFactor = MATERIAL_PRICE_FACTOR[material] ?? 1;
  return steelPrice(family.price, family, width, height) * materialFactor * (COLOUR_SURCHARGE[colour.code] ?? POWDER_COAT_SURCHARGE);
}

/** Kilograms, to 0.1. */
export function radiatorWeight(family: RadiatorFamily, width: number, height: number): number {
  return Math.round(family.weightPerSquareMetre * (width / 1000) * (height / 1000) * 10) / 10;
}

/** Sections or tube columns in a width; undefined for radiators not built of elements. */
export function elementCount(family: RadiatorFamily, width: number): number | undefined {
  return family.elementWidth ? Math.round(width / family.elementWidth) : undefined;
}
