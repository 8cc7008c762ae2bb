import { sql, type Kysely, type Transaction } from 'kysely';
import { isForcedAssignmentId } from '@kaloryfer/domain';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { ExperimentPins } from '@kaloryfer/api-contract';
import type { VariantCounts } from './report';

/**
 * What an A/B test saw (docs/experiments.md): a shopper exposed to a tested remote (its first
 * render for them, told by the shell), and the orders they placed afterwards with their value.
 * Written by the exposure beacon and inside each order's transaction (so an order counts once,
 * like the order itself); read by the report.
 */
export class Experiments {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  /** A shopper's page rendered `remote`: recorded once per shopper (false: not an A/B-tested remote for them). */
  async recordExposure(pins: ExperimentPins, remote: string): Promise<boolean> {
    const pin = pins.builds[remote];
    if (!pin || pins.id === null) return false;
    await this.upsertExposure(this.db.kysely, pins.id, remote, pin, { orders: 0, revenueGrosze: 0 });
    return true;
  }

  /**
   * An order placed by a shopper with these pins: the variant and build of every tested remote
   * go on the order, and the exposure row of a measured shopper counts it (created if the beacon
   * was lost).
   * Call inside the order's transaction.
   */
  async recordOrder(trx: Transaction<Database>, orderId: number, pins: ExperimentPins, grandTotalGrosze: number): Promise<void> {
    const forced = pins.id !== null && isForcedAssignmentId(pins.id) ? 1 : 0;
    for (const [remote, pin] of Object.entries(pins.builds)) {
      await trx
        .insertInto('order_experiment')
        .values({ order_id: orderId, experiment: remote, variant: pin.variant, build: pin.build, version: pin.version, forced })
        .execute();
      // A shopper who did not allow analytics has no id: the order knows its build, nobody is counted.
      if (pins.id !== null) await this.upsertExposure(trx, pins.id, remote, pin, { orders: 1, revenueGrosze: grandTotalGrosze });
    }
  }

  /** Shoppers, converters, orders and revenue per variant, from `since` (an ISO time) on. */
  async counts(experiment: string, since?: string): Promise<VariantCounts[]> {
    let query = this.db.kysely
      .selectFrom('experiment_exposure')
      .select((eb) => [
        'variant',
        'forced',
        'crossed',
        eb.fn.countAll<number>().as('shoppers'),
        eb.fn.sum<number>(sql`case when orders > 0 then 1 else 0 end`).as('converted'),
        eb.fn.sum<number>('orders').as('orders'),
        eb.fn.sum<number>('revenue_grosze').as('revenue_grosze'),
      ])
      .where('experiment', '=', experiment)
      .groupBy(['variant', 'forced', 'crossed']);
    if (since) query = query.where('exposed_at', '>=', since);
    const rows = await query.execute();
    return rows.map((row) => ({
      variant: row.variant,
      forced: Number(row.forced) === 1,
      crossed: Number(row.crossed) === 1,
      shoppers: Number(row.shoppers),
      converted: Number(row.converted ?? 0),
      orders: Number(row.orders ?? 0),
      revenueGrosze: Number(row.revenue_grosze ?? 0),
    }));
  }

  private async upsertExposure(
    db: Kysely<Database>,
    id: string,
    experiment: string,
    pin: ExperimentPins['builds'][string],
    add: { orders: number; revenueGrosze: number },
  ): Promise<void> {
    await db
      .insertInto('experiment_exposure')
      .values({
        experiment,
        assignment_id: id,
        variant: pin.variant,
        build: pin.build,
        version: pin.version,
        forced: isForcedAssignmentId(id) ? 1 : 0,
        crossed: 0,
        exposed_at: this.clock().toISOString(),
        orders: add.orders,
        revenue_grosze: add.revenueGrosze,
      })
      .onConflict((oc) =>
        oc.columns(['experiment', 'assignment_id']).doUpdateSet({
          // A shopper seen in another variant than first (an ended variant, a restored cookie) no longer tells the two apart.
          crossed: sql`case when experiment_exposure.variant <> excluded.variant then 1 else experiment_exposure.crossed end`,
          orders: sql`experiment_exposure.orders + ${add.orders}`,
          revenue_grosze: sql`experiment_exposure.revenue_grosze + ${add.revenueGrosze}`,
        }),
      )
      .execute();
  }
}
