/**
 * Radiator output at the shopper's own temperatures (PN-EN 442). Catalogues state Φ at
 * 75/65/20 °C; at other supply/return/room temperatures Φ = Φ75 × (ΔT / ΔT75)^n, with ΔT the
 * logarithmic mean temperature difference and n the radiator's exponent (≈ 1.3 for panels).
 */
export interface Temperatures {
  supply: number;
  return: number;
  room: number;
}

export const NOMINAL: Temperatures = { supply: 75, return: 65, room: 20 };
export const DEFAULT_EXPONENT = 1.3;

/** Logarithmic mean temperature difference; null when the water is not warmer than the room. */
export function logMeanDeltaT({ supply, return: back, room }: Temperatures): number | null {
  const hot = supply - room;
  const cold = back - room;
  if (hot <= 0 || cold <= 0 || back > supply) return null;
  if (Math.abs(hot - cold) < 1e-9) return hot;
  return (supply - back) / Math.log(hot / cold);
}

/** Output in watts at `at`, from the output at 75/65/20; 0 when the system cannot heat the room. */
export function heatOutput(nominalWatts: number, at: Temperatures, exponent = DEFAULT_EXPONENT): number {
  const nominal = logMeanDeltaT(NOMINAL) as number;
  const actual = logMeanDeltaT(at);
  if (actual === null || nominalWatts <= 0) return 0;
  return Math.round(nominalWatts * (actual / nominal) ** exponent);
}

/** Rule of thumb (W per m² by room type) for the room helper; bathrooms are kept at 24 °C. */
export const WATTS_PER_SQUARE_METRE = { living: 80, bedroom: 70, kitchen: 70, bathroom: 100, hall: 60 } as const;

export function neededOutput(areaSquareMetres: number, room: keyof typeof WATTS_PER_SQUARE_METRE): number {
  return Math.round(areaSquareMetres * WATTS_PER_SQUARE_METRE[room]);
}
