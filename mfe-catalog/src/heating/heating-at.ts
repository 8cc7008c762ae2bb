import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import { DEFAULT_EXPONENT, heatOutput, NOMINAL, parseTemperatures, temperaturesKey, type Temperatures } from '@kaloryfer/domain';
import { useRequestStore } from '@kaloryfer/ui';
import { atom } from 'nanostores';

/**
 * A first-party cookie, not localStorage: the temperatures change the first view (outputs on
 * tiles and product pages, the output filter), so the page server reads them to render the
 * same HTML the browser then hydrates (docs/rendering.md).
 */
export const HEATING_COOKIE = 'kf_heat';
const LEGACY_STORAGE_KEY = 'kaloryfer.heating-at';
const YEAR_SECONDS = 365 * 86400;

/** The temperatures a cookie value names (catalogue temperatures when it names none). */
export function temperaturesFromCookie(value: string | undefined): Temperatures {
  try {
    return parseTemperatures(decodeURIComponent(value ?? '')) ?? NOMINAL;
  } catch {
    return NOMINAL; // a malformed escape names no temperatures
  }
}

function fromDocumentCookie(): Temperatures {
  const match = globalThis.document?.cookie.match(new RegExp(`(?:^|;\\s*)${HEATING_COOKIE}=([^;]*)`));
  return temperaturesFromCookie(match?.[1]);
}

/**
 * The shopper's supply/return/room temperatures, kept across visits. Only the catalogue reads
 * it (tiles, product pages, the output filter and sort), so it is this remote's own atom.
 */
export const $heatingAt = atom<Temperatures>(fromDocumentCookie());

/** The temperatures a render shows: the request's on the server, the atom in the browser. */
export const useHeatingAt = () => useRequestStore($heatingAt);

export function setHeatingAt(temperatures: Temperatures): void {
  $heatingAt.set(temperatures);
  if (globalThis.document) {
    globalThis.document.cookie = `${HEATING_COOKIE}=${encodeURIComponent(temperaturesKey(temperatures))}; path=/; max-age=${YEAR_SECONDS}; SameSite=Lax`;
  }
}

/**
 * Temperatures kept by an earlier version in localStorage move into the cookie, after the
 * page has hydrated (a first render never reads storage).
 */
export function adoptStoredTemperatures(): void {
  try {
    const stored = parseTemperatures(localStorage.getItem(LEGACY_STORAGE_KEY) ?? '');
    localStorage.removeItem(LEGACY_STORAGE_KEY);
    if (stored && !globalThis.document?.cookie.includes(`${HEATING_COOKIE}=`)) setHeatingAt(stored);
  } catch {
    // storage blocked: nothing to adopt
  }
}

export const isNominal = (temperatures: Temperatures) => temperaturesKey(temperatures) === temperaturesKey(NOMINAL);

/** What an output range is computed from; a product-view related tile has neither the exponent nor its variants' ratings. */
type Powered = Pick<Product, 'power_75_65_20' | 'heat_exponent'> & {
  configurable_children?: readonly Partial<Pick<ConfigurableChild, 'sku' | 'power_75_65_20'>>[];
};

/** The lowest and highest output of a product and its variants at these temperatures; null without a rating. */
export function outputRange(product: Powered, at: Temperatures): { min: number; max: number } | null {
  const rated = [product.power_75_65_20, ...(product.configurable_children ?? []).map((child) => child.power_75_65_20)].filter(
    (watts): watts is number => typeof watts === 'number' && watts > 0,
  );
  if (rated.length === 0) return null;
  const outputs = rated.map((watts) => heatOutput(watts, at, product.heat_exponent ?? DEFAULT_EXPONENT));
  return { min: Math.min(...outputs), max: Math.max(...outputs) };
}
