import type { PricePoint, Product } from '@kaloryfer/api-contract';
import { Random } from './random';

export interface ProductOptions {
  parents: number;
  seed: number;
  /** The day the catalogue is generated for (YYYY-MM-DD); promotions and news are relative to it. */
  today: string;
  withHistory?: boolean;
}

const DAY = 86_400_000;

/**
 * What every builder of one catalogue shares: the seeded random source, the day it is generated
 * for, the id counter and what has been built so far. Builders draw from `rng` in a fixed order,
 * so the same options give the same catalogue — reordering draws changes it.
 */
export class SeedRun {
  readonly rng: Random;
  readonly today: string;
  readonly withHistory: boolean;
  readonly products: Product[] = [];
  /** Per SKU (simple, child, virtual, downloadable): the gross regular/special price timeline. */
  readonly priceHistory: { sku: string; points: PricePoint[] }[] = [];
  /** Listed simple accessories per family code: what bundles and grouped sets are made of. */
  readonly componentsByFamily = new Map<string, Product[]>();
  private readonly todayTime: number;
  private lastId = 0;

  constructor(options: ProductOptions) {
    this.rng = new Random(options.seed);
    this.today = options.today;
    this.withHistory = options.withHistory !== false;
    this.todayTime = new Date(`${options.today}T00:00:00Z`).getTime();
  }

  /** Products and configurable children share one id sequence. */
  nextId(): number {
    this.lastId += 1;
    return this.lastId;
  }

  /** The day `offset` days from today, YYYY-MM-DD. */
  day(offset: number): string {
    return new Date(this.todayTime + offset * DAY).toISOString().slice(0, 10);
  }

  /** The day after `date` (YYYY-MM-DD). */
  dayAfter(date: string): string {
    return new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
  }
}
