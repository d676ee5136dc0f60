import { sql } from 'kysely';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { stamp, type Database } from './database.ts';

/** Expired windows are deleted every this many increments (by whichever server makes it). */
const PRUNE_EVERY = 200;

/**
 * Rate-limit counts in the site database, for express-rate-limit: every server on one database
 * counts the same hits, and a manifest reload (which builds the routers again) does not start a
 * window again. Each limiter gets its own store object (the library refuses one shared by two
 * limiters) over the same rows, told apart by `name`.
 */
export function databaseCounts(database: Database, name: string): Store {
  const { db } = database;
  let windowMs = 60_000;
  let increments = 0;
  const key = (client: string): string => `${name}:${client}`;
  const info = (row: { hits: number; reset_at: string }): ClientRateLimitInfo => ({
    totalHits: Number(row.hits),
    resetTime: new Date(row.reset_at),
  });

  return {
    prefix: `${name}:`,
    localKeys: false,
    init(options: Options) {
      windowMs = options.windowMs;
    },
    async get(client) {
      const row = await db
        .selectFrom('rate_counts')
        .select(['hits', 'reset_at'])
        .where('key', '=', key(client))
        .where('reset_at', '>', stamp())
        .executeTakeFirst();
      return row ? info(row) : undefined;
    },
    async increment(client) {
      const now = Date.now();
      // One statement, atomic in both databases: a window that has ended starts again at 1.
      const row = await db
        .insertInto('rate_counts')
        .values({ key: key(client), hits: 1, reset_at: stamp(now + windowMs) })
        .onConflict((c) =>
          c.column('key').doUpdateSet({
            hits: sql`case when rate_counts.reset_at <= ${stamp(now)} then 1 else rate_counts.hits + 1 end`,
            reset_at: sql`case when rate_counts.reset_at <= ${stamp(now)} then excluded.reset_at else rate_counts.reset_at end`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow();
      if (++increments % PRUNE_EVERY === 0) {
        await db.deleteFrom('rate_counts').where('reset_at', '<', stamp(now)).execute();
      }
      return info(row);
    },
    async decrement(client) {
      await db
        .updateTable('rate_counts')
        .set({ hits: sql`hits - 1` })
        .where('key', '=', key(client))
        .where('hits', '>', 0)
        .execute();
    },
    async resetKey(client) {
      await db.deleteFrom('rate_counts').where('key', '=', key(client)).execute();
    },
  };
}

/** Makes a limiter's store: the site database's counts, or (no database: unit tests of one router) memory. */
export type CountsFactory = (name: string) => Store;

export const countsIn =
  (database: Database): CountsFactory =>
  (name) =>
    databaseCounts(database, name);
