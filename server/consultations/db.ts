import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations.ts';

export type RequestStatus = 'new' | 'contacted' | 'done';
export const REQUEST_STATUSES: readonly RequestStatus[] = ['new', 'contacted', 'done'];

/** Row shapes (times are ISO 8601 UTC strings, which sort as text in both databases). */
export interface Tables {
  requests: {
    id: string;
    created_at: string;
    status: RequestStatus;
    status_at: string | null;
    name: string;
    phone: string;
    email: string;
    place: string;
    /** Category ids, comma-separated. */
    products: string;
    times: string;
    message: string;
  };
  outbox: {
    request_id: string;
    attempts: number;
    next_attempt_at: string;
    last_error: string | null;
    sent_at: string | null;
  };
}

export interface Database {
  readonly db: Kysely<Tables>;
  readonly kind: 'sqlite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget = { readonly url: string } | { readonly file: string };

/** Opens SQLite (a file, created with its folder) or PostgreSQL (a `postgres://` URL); no migration. */
export function openDatabase(target: DatabaseTarget): Database {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(dirname(target.file), { recursive: true });
  const file = new SQLite(target.file);
  // WAL with synchronous=FULL: a committed transaction survives a killed process and a power cut.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: file }) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

/**
 * Applies every migration not yet applied. Safe to call from several instances at once. When the
 * schema cannot be brought up to date, the error says which migration failed and why.
 */
export async function migrate(database: Database): Promise<void> {
  const migrator = new Migrator({ db: database.db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The consultation database could not be migrated (migration '${failed}'): ${why}. Check DATABASE_URL or the file in DATA_DIR.`,
      { cause: error },
    );
  }
}
