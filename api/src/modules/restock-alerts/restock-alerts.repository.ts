import type { DbExecutor } from '../../db/database.ts';

export interface DueRestockAlert {
  id: number;
  email: string;
  attempts: number;
  product_id: number;
  name: string;
  size: string | null;
  color: string | null;
}

export function createRestockAlertsRepository(db: DbExecutor) {
  return {
    /** The product on sale with its live variants, to read the shopper's choice against. */
    async productOnSale(productId: number) {
      const product = await db
        .selectFrom('products')
        .select(['id', 'name'])
        .where('id', '=', productId)
        .where('is_active', '=', 1)
        .executeTakeFirst();
      if (!product) return undefined;
      const variants = await db
        .selectFrom('product_variants')
        .select(['id', 'size', 'color', 'stock'])
        .where('product_id', '=', productId)
        .where('retired_at', 'is', null)
        .orderBy('position')
        .execute();
      return { ...product, variants };
    },

    /**
     * One open alert per variant and e-mail: asking again changes nothing while it waits, and
     * starts a new one once the last was sent (the option sold out again since).
     */
    async keep(productId: number, variantId: number, email: string, at: string) {
      await db
        .insertInto('restock_alerts')
        .values({ product_id: productId, variant_id: variantId, email, created_at: at })
        .onConflict((conflict) =>
          conflict
            .columns(['variant_id', 'email'])
            .doUpdateSet({ created_at: at, attempts: 0, next_attempt_at: null, last_error: null, sent_at: null })
            .where('restock_alerts.sent_at', 'is not', null),
        )
        .execute();
    },

    /** Alerts whose variant is in stock again and whose next try is due, oldest first. */
    due(now: string, limit: number): Promise<DueRestockAlert[]> {
      return db
        .selectFrom('restock_alerts as a')
        .innerJoin('product_variants as v', 'v.id', 'a.variant_id')
        .innerJoin('products as p', 'p.id', 'a.product_id')
        .select(['a.id', 'a.email', 'a.attempts', 'a.product_id', 'p.name', 'v.size', 'v.color'])
        .where('a.sent_at', 'is', null)
        .where('v.stock', '>', 0)
        .where('v.retired_at', 'is', null)
        .where('p.is_active', '=', 1)
        .where((eb) => eb.or([eb('a.next_attempt_at', 'is', null), eb('a.next_attempt_at', '<=', now)]))
        .orderBy('a.id')
        .limit(limit)
        .execute();
    },

    /**
     * Takes one attempt of an alert: only if nobody took it since it was read (its attempts
     * unchanged) and it is still unsent. Holds it until `holdUntil`, so that another process's run
     * does not send it meanwhile.
     */
    async claim(alert: DueRestockAlert, holdUntil: string): Promise<boolean> {
      const result = await db
        .updateTable('restock_alerts')
        .set({ attempts: alert.attempts + 1, next_attempt_at: holdUntil })
        .where('id', '=', alert.id)
        .where('attempts', '=', alert.attempts)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markSent(id: number, at: string) {
      await db.updateTable('restock_alerts').set({ sent_at: at, next_attempt_at: null, last_error: null }).where('id', '=', id).execute();
    },

    async markFailed(id: number, error: string, nextAttemptAt: string) {
      await db
        .updateTable('restock_alerts')
        .set({ last_error: error.slice(0, 500), next_attempt_at: nextAttemptAt })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type RestockAlertsRepository = ReturnType<typeof createRestockAlertsRepository>;
