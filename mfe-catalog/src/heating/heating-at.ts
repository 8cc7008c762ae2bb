import { DEFAULT_EXPONENT, heatOutput, NOMINAL, parseTemperatures, temperaturesKey, type Temperatures } from '@kaloryfer/domain';
import { atom } from 'nanostores';

const STORAGE_KEY = 'kaloryfer.heating-at';

function stored(): Temperatures {
  try {
    return parseTemperatures(localStorage.getItem(STORAGE_KEY) ?? '') ?? NOMINAL;
  } catch {
    return NOMINAL; // storage blocked: catalogue temperatures
  }
}

/**
 * The shopper's supply/return/room temperatures, kept across visits. Only the catalogue reads
 * it (tiles, product pages, the output filter and sort), so it is this remote's own atom.
 */
export const $heatingAt = atom<Temperatures>(stored());

export function setHeatingAt(temperatures: Temperatures): void {
  $heatingAt.set(temperatures);
  try {
    localStorage.setItem(STORAGE_KEY, temperaturesKey(temperatures));
  } catch {
    // storage blocked: kept for this page load only
  }
}

export const isNominal = (temperatures: Temperatures) => temperaturesKey(temperatures) === temperaturesKey(NOMINAL);

interface Powered {
  power_75_65_20?: number;
  heat_exponent?: number;
  configurable_children?: { power_75_65_20?: number }[];
}

/** The lowest and highest output of a product and its variants at these temperatures; null without a rating. */
export function outputRange(product: Powered, at: Temperatures): { min: number; max: number } | null {
  const rated = [product.power_75_65_20, ...(product.configurable_children ?? []).map((child) => child.power_75_65_20)]
    .filter((watts): watts is number => typeof watts === 'number' && watts > 0);
  if (rated.length === 0) return null;
  const outputs = rated.map((watts) => heatOutput(watts, at, product.heat_exponent ?? DEFAULT_EXPONENT));
  return { min: Math.min(...outputs), max: Math.max(...outputs) };
}
