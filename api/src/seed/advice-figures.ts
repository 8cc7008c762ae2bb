import { heatOutput, logMeanDeltaT, neededOutput, parseTemperatures, DEFAULT_EXPONENT, WATTS_PER_SQUARE_METRE, type Temperatures } from '@kaloryfer/domain';
import { formatNumber } from '@kaloryfer/i18n/format';
import { RADIATOR_FAMILIES } from './families';
import { ratedOutput } from './radiator-formulas';

/**
 * The numbers advice articles state, computed while the seed is written — never typed — by the
 * shop's own rules: the PN-EN 442 output formula (`heatOutput`), the room helper's W per m²
 * (`neededOutput`) and the catalogue's radiator families (their output and exponent). Each
 * figure is kept with its inputs, so the seed test can compute it again and find it in the text.
 */
export type AdviceFigure =
  | { kind: 'output'; nominal: number; at: string; exponent: number; value: number; text: string }
  | { kind: 'share'; at: string; exponent: number; value: number; text: string }
  | { kind: 'nominal'; needed: number; at: string; exponent: number; value: number; text: string }
  | { kind: 'deltaT'; at: string; value: number; text: string }
  | { kind: 'need'; area: number; wattsPerSquareMetre: number; room: Room | null; value: number; text: string }
  | { kind: 'model'; family: string; width: number; height: number; value: number; text: string };

export type Room = keyof typeof WATTS_PER_SQUARE_METRE;
type Figure = AdviceFigure & { toString(): string };

const NBSP = '\u00a0';
export const number = (value: number, digits?: number) => formatNumber(value, 'pl-PL', digits);
export const wattsText = (value: number) => `${number(value)}${NBSP}W`;

/** "55/45/20" as temperatures; a seed that names unusable ones is a mistake, so it stops. */
export function temperatures(at: string): Temperatures {
  const parsed = parseTemperatures(at);
  if (!parsed) throw new Error(`advice seed: ${at} are not usable temperatures`);
  return parsed;
}

export function familyOf(code: string) {
  const family = RADIATOR_FAMILIES.find((candidate) => candidate.code === code);
  if (!family) throw new Error(`advice seed: no radiator family ${code}`);
  return family;
}

/** A catalogue radiator's output at 75/65/20, as the product generator states it (rounded to 5 W). */
export function modelOutput(code: string, width: number, height: number): number {
  return ratedOutput(familyOf(code), width, height);
}

/** Nominal output (10 W steps) that gives at least `needed` watts at `at`. */
export function nominalFor(needed: number, at: string, exponent: number): number {
  const ratio = heatOutput(1000, temperatures(at), exponent) / 1000;
  let nominal = Math.ceil(needed / ratio / 10) * 10;
  while (heatOutput(nominal - 10, temperatures(at), exponent) >= needed) nominal -= 10;
  while (heatOutput(nominal, temperatures(at), exponent) < needed) nominal += 10;
  return nominal;
}

export function check(condition: boolean, claim: string): void {
  if (!condition) throw new Error(`advice seed: the text says "${claim}", which the numbers do not support`);
}

/** What an article's body is written with: each call returns the figure's text and records it. */
export class FigureWriter {
  readonly figures: AdviceFigure[] = [];

  private record<T extends AdviceFigure>(figure: T): T & Figure {
    const kept = { ...figure, toString: () => figure.text };
    this.figures.push(figure);
    return kept;
  }

  /** "511 W": what a radiator of `nominal` W (75/65/20) gives at `at`. */
  output(nominal: number, at: string, exponent = DEFAULT_EXPONENT) {
    const value = heatOutput(nominal, temperatures(at), exponent);
    return this.record({ kind: 'output', nominal, at, exponent, value, text: wattsText(value) });
  }

  /** "51%": the share of the catalogue output left at `at`. */
  share(at: string, exponent = DEFAULT_EXPONENT) {
    const value = Math.round(heatOutput(1000, temperatures(at), exponent) / 10);
    return this.record({ kind: 'share', at, exponent, value, text: `${value}%` });
  }

  /** "3330 W": the catalogue output needed for `needed` watts at `at`. */
  nominal(needed: number, at: string, exponent = DEFAULT_EXPONENT) {
    const value = nominalFor(needed, at, exponent);
    return this.record({ kind: 'nominal', needed, at, exponent, value, text: wattsText(value) });
  }

  /** "29,72 K": the logarithmic mean temperature difference. */
  deltaT(at: string) {
    const value = Math.round((logMeanDeltaT(temperatures(at)) ?? 0) * 100) / 100;
    return this.record({ kind: 'deltaT', at, value, text: `${number(value, 2)}${NBSP}K` });
  }

  /** "960 W": a room of `area` m² by the room helper's rule (or by an explicit W per m²). */
  need(area: number, room: Room | number) {
    const wattsPerSquareMetre = typeof room === 'number' ? room : WATTS_PER_SQUARE_METRE[room];
    const value = typeof room === 'number' ? Math.round(area * room) : neededOutput(area, room);
    return this.record({ kind: 'need', area, wattsPerSquareMetre, room: typeof room === 'number' ? null : room, value, text: wattsText(value) });
  }

  /** "1650 W": a catalogue radiator's output at 75/65/20. */
  model(family: string, width: number, height: number) {
    const value = modelOutput(family, width, height);
    return this.record({ kind: 'model', family, width, height, value, text: wattsText(value) });
  }

  /** The smallest radiator of a family (optionally of one height) that gives `needed` watts at `at`. */
  smallest(family: string, needed: number, at: string, height?: number) {
    const { widths, heights, exponent } = familyOf(family);
    const sizes = heights
      .filter((candidate) => height === undefined || candidate === height)
      .flatMap((h) => widths.map((w) => ({ width: w, height: h, nominal: modelOutput(family, w, h) })))
      .filter((size) => heatOutput(size.nominal, temperatures(at), exponent) >= needed)
      .sort((a, b) => a.nominal - b.nominal || a.width - b.width);
    const [chosen] = sizes;
    if (!chosen) throw new Error(`advice seed: no ${family} radiator gives ${needed} W at ${at}`);
    return {
      size: `${number(chosen.width)}×${number(chosen.height)}${NBSP}mm`,
      width: chosen.width,
      nominal: this.model(family, chosen.width, chosen.height),
      output: this.output(chosen.nominal, at, exponent),
    };
  }
}
