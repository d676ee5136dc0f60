import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { hostname } from 'node:os';
import { stamp, type Database } from '../db/database.ts';
import type { Logger } from '../log.ts';
import type { ManifestVersions } from './versions.ts';

/** The NOTIFY channel a publish speaks on (PostgreSQL). */
export const PUBLISHED_CHANNEL = 'manifest_published';

/** A server not heard from for this long is no longer listed as running. */
export const SERVER_GONE_MS = 30_000;

export interface FollowOptions {
  readonly database: Database;
  readonly versions: ManifestVersions;
  /** Called with the live version's number whenever it differs from the last one seen. */
  readonly onVersion: (number: number) => void;
  /** How often the live number is read (the fallback where NOTIFY is not heard); default 1 s. */
  readonly pollMs?: number;
  readonly logger?: Logger;
}

/**
 * Every server follows the live version: NOTIFY on PostgreSQL (at once), and a read of the newest
 * number every `pollMs` (SQLite, and a NOTIFY lost with its connection), so a publish is served by
 * every server within about a second.
 */
export async function followVersions(options: FollowOptions): Promise<{ close(): Promise<void> }> {
  let seen = await options.versions.liveNumber();
  let checking = false;
  const check = async (): Promise<void> => {
    if (checking) return;
    checking = true;
    try {
      const live = await options.versions.liveNumber();
      if (live !== seen) {
        seen = live;
        options.onVersion(live);
      }
    } catch (error) {
      options.logger?.warn({ err: error }, 'could not read the live manifest version; trying again');
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), options.pollMs ?? 1000);
  timer.unref();
  const unlisten = await options.database
    .listen?.(PUBLISHED_CHANNEL, () => void check())
    .catch((error: unknown) => {
      options.logger?.warn({ err: error }, 'LISTEN failed; following the manifest by polling only');
      return undefined;
    });
  return {
    async close() {
      clearInterval(timer);
      await unlisten?.();
    },
  };
}

/** Tells the other servers (PostgreSQL) that a version was published; they also find it by polling. */
export async function announcePublished(database: Database, number: number): Promise<void> {
  if (database.kind !== 'postgres') return;
  await sql`select pg_notify(${PUBLISHED_CHANNEL}, ${String(number)})`.execute(database.db);
}

export interface ServerStatus {
  readonly id: string;
  readonly version: number;
  readonly hash: string;
  readonly startedAt: string;
  readonly seenAt: string;
}

/**
 * This server's name among the servers: `SERVER_NAME`, else its host and port (`web-1:3000`), the
 * same at every restart; with a port the system picks (0, tests) a random suffix instead.
 */
export function serverName(given: string | undefined, port: number): string {
  if (given?.trim()) return given.trim();
  return port === 0 ? `${hostname()}-${randomUUID().slice(0, 8)}` : `${hostname()}:${port}`;
}

/**
 * This server's line in the `servers` table: which version it serves, refreshed every `beatMs`, so
 * that staff see "live on N of N servers". Its id is its name (`serverName`).
 */
export class ServerRegistry {
  private readonly startedAt = stamp();
  private serving = { version: 0, hash: '' };
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly database: Database,
    readonly id: string,
    private readonly logger?: Logger,
  ) {}

  /** Records the version now served (at once, and on every beat). */
  async serve(version: number, hash: string): Promise<void> {
    this.serving = { version, hash };
    await this.beat();
  }

  start(beatMs = 5000): void {
    this.timer = setInterval(() => void this.beat(), beatMs);
    this.timer.unref();
  }

  async beat(): Promise<void> {
    const row = { ...this.serving, seen_at: stamp() };
    // Servers killed without a word leave their line: those silent for a day go.
    await this.database.db
      .deleteFrom('servers')
      .where('seen_at', '<', stamp(Date.now() - 86_400_000))
      .execute()
      .catch(() => undefined);
    await this.database.db
      .insertInto('servers')
      .values({ id: this.id, started_at: this.startedAt, ...row })
      .onConflict((c) => c.column('id').doUpdateSet(row))
      .execute()
      .catch((error: unknown) =>
        this.logger?.warn({ err: error }, 'could not record which manifest this server serves'),
      );
  }

  /** The servers heard from lately, with the version each serves. */
  async running(now = Date.now()): Promise<ServerStatus[]> {
    const rows = await this.database.db
      .selectFrom('servers')
      .selectAll()
      .where('seen_at', '>=', stamp(now - SERVER_GONE_MS))
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      version: Number(r.version),
      hash: r.hash,
      startedAt: r.started_at,
      seenAt: r.seen_at,
    }));
  }

  /** Stops beating and removes this server's line (it no longer serves). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.database.db
      .deleteFrom('servers')
      .where('id', '=', this.id)
      .execute()
      .catch(() => undefined);
  }
}
