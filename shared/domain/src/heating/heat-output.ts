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

/** The presets a shopper picks from: catalogue, older boilers, condensing boilers, heat pumps. */
export const HEATING_PRESETS: readonly Temperatures[] = [
  { supply: 75, return: 65, room: 20 },
  { supply: 70, return: 55, room: 20 },
  { supply: 55, return: 45, room: 20 },
  { supply: 45, return: 35, room: 20 },
];
/** Bathrooms are heated to 24 °C (PN-EN 12831), not 20. */
export const BATHROOM_ROOM_TEMPERATURE = 24;

/** "55/45/20": supply/return/room, the way installers write it. */
export function temperaturesKey({ supply, return: back, room }: Temperatures): string {
  return `${supply}/${back}/${room}`;
}

export const TEMPERATURE_LIMITS = { supply: [30, 95], room: [10, 30] } as const;

/** Why these temperatures cannot be used (a message), or null when they can. */
export function temperaturesProblem({ supply, return: back, room }: Temperatures): string | null {
  if (![supply, back, room].every(Number.isInteger)) return 'temperatures must be whole degrees';
  if (supply < TEMPERATURE_LIMITS.supply[0] || supply > TEMPERATURE_LIMITS.supply[1])
    return `supply must be from ${TEMPERATURE_LIMITS.supply[0]} to ${TEMPERATURE_LIMITS.supply[1]} °C`;
  if (room < TEMPERATURE_LIMITS.room[0] || room > TEMPERATURE_LIMITS.room[1])
    return `room must be from ${TEMPERATURE_LIMITS.room[0]} to ${TEMPERATURE_LIMITS.room[1]} °C`;
  if (back > supply) return 'return cannot be warmer than supply';
  if (back <= room) return 'return must be warmer than the room';
  return null;
}

/** "55/45/20" (or "55-45-20") read as three whole degrees, usable or not; null when malformed. */
export function readTemperatures(text: string): Temperatures | null {
  const match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{1,2})$/.exec(text.trim());
  return match ? { supply: Number(match[1]), return: Number(match[2]), room: Number(match[3]) } : null;
}

/** "55/45/20" (or "55-45-20") → temperatures, or null when malformed or unusable. */
export function parseTemperatures(text: string): Temperatures | null {
  const temperatures = readTemperatures(text);
  return temperatures && temperaturesProblem(temperatures) === null ? temperatures : null;
}
