/**
 * The shop's categories in Google's product taxonomy (`google_product_category`), by category
 * slug. Ids and paths are Google's own (taxonomy-with-ids.en-US.txt, version 2021-09-21, the
 * current one). A product takes the entry of its deepest category or, failing that, of the
 * nearest category above it that has one: a category an operator adds under "Zawory" is valves
 * too. A product under no mapped category is sent without one, and Google classifies it itself.
 * docs/seo.md ("Product feeds") lists the same table.
 */
export interface GoogleCategory {
  id: number;
  path: string;
}

const HEATING_RADIATORS: GoogleCategory = { id: 2060, path: 'Home & Garden > Household Appliances > Climate Control Appliances > Heating Radiators' };
const RADIATOR_ACCESSORIES: GoogleCategory = { id: 7110, path: 'Home & Garden > Household Appliance Accessories > Heating Radiator Accessories' };
const PLUMBING_VALVES: GoogleCategory = { id: 2466, path: 'Hardware > Plumbing > Plumbing Fittings & Supports > Plumbing Valves' };
const PLUMBING_FITTINGS: GoogleCategory = { id: 1810, path: 'Hardware > Plumbing > Plumbing Fittings & Supports' };
const TOWEL_HOLDERS: GoogleCategory = { id: 586, path: 'Home & Garden > Bathroom Accessories > Towel Racks & Holders' };

export const GOOGLE_CATEGORIES: Readonly<Record<string, GoogleCategory>> = {
  // Every radiator — decorative, bathroom ladders, electric bathroom radiators, panels, tubular, cast iron.
  'grzejniki-dekoracyjne': HEATING_RADIATORS,
  'grzejniki-lazienkowe': HEATING_RADIATORS,
  'grzejniki-pokojowe': HEATING_RADIATORS,
  // Accessories: valves and connection sets are plumbing; heads and heating elements only work on a radiator.
  akcesoria: RADIATOR_ACCESSORIES,
  zawory: PLUMBING_VALVES,
  'zestawy-przylaczeniowe': PLUMBING_FITTINGS,
  'glowice-termostatyczne': RADIATOR_ACCESSORIES,
  grzalki: RADIATOR_ACCESSORIES,
  'wieszaki-na-reczniki': TOWEL_HOLDERS,
};
