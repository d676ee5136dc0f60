import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync, type DatabaseSyncInstance } from '@photostructure/sqlite';
import { Kysely, Migrator, type Generated, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations.ts';

export type RequestStatus = 'new' | 'contacted' | 'done';
export const REQUEST_STATUSES: readonly RequestStatus[] = ['new', 'contacted', 'done'];

/**
 * Row shapes (times are ISO 8601 UTC strings, which sort as text in both databases). Everything staff
 * change lives here, so that every server on one database sees it: consultation requests and their
 * mail outbox, the slot map and (local media store) the slot images' bytes, folder marks, rate-limit
 * counts (sign-in lockouts among them) and the staff secrets when the environment does not give them.
 */
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
    /** The language the visitor read the form in (a code of `site.languages`; 'en' for earlier requests). */
    language: string;
  };
  /** A form view's token and the fields it sent (a SHA-256) -> the request they stored. */
  request_tokens: {
    token: string;
    fingerprint: string;
    request_id: string;
  };
  outbox: {
    request_id: string;
    attempts: number;
    next_attempt_at: string;
    last_error: string | null;
    sent_at: string | null;
  };
  /** Slot (or product) id -> the image it shows. */
  slot_map: {
    id: string;
    image_url: string;
    updated_at: string;
  };
  /** Local media store: a slot image's web version, named `<sha256>.<ext>` (content-addressed). */
  slot_image_files: {
    name: string;
    mime_type: string;
    /** A Buffer from PostgreSQL, a Uint8Array from SQLite: read through `Buffer.from`. */
    bytes: Uint8Array;
    created_at: string;
  };
  /** Folder-checklist paths marked done. */
  folder_marks: {
    path: string;
    marked_at: string;
  };
  /** Rate-limit windows: `<limiter>:<client>` -> hits until `reset_at` (ISO time). */
  rate_counts: {
    key: string;
    hits: number;
    reset_at: string;
  };
  /** Values every server must agree on, made once (the generated staff password, the session secret). */
  secrets: {
    name: string;
    value: string;
  };
  /** Every published manifest, numbered from 1; the newest is live. `files`: JSON `[{name, text}]`. */
  manifest_versions: {
    number: number;
    files: string;
    hash: string;
    author: string;
    /** 1: `author` is a name typed in the browser (versions before accounts); 0: an account's name. */
    author_typed: Generated<number>;
    note: string;
    /** What it changed against the version before (the checker's change lines, JSON array). */
    changes: string;
    created_at: string;
  };
  /** Drafts staff preview (any server renders them): their files, JSON as in manifest_versions. */
  manifest_drafts: {
    token: string;
    files: string;
    created_at: string;
    /** Who kept it (drafts are bounded per author; '' before authors were kept). */
    author: string;
  };
  /** Staff: one row per person. `password_hash`: argon2id (PHC string); null until a password is set. */
  accounts: {
    id: string;
    email: string;
    name: string;
    role: string;
    status: 'active' | 'suspended';
    password_hash: string | null;
    created_at: string;
  };
  /** Staff sessions: the SHA-256 of the cookie's random id (the id itself is never stored). */
  sessions: {
    id_hash: string;
    account_id: string;
    created_at: string;
    seen_at: string;
    address: string;
    user_agent: string;
  };
  /** The audit trail, append-only: who did what to which object, when, from where. */
  audit: {
    id: string;
    at: string;
    account_id: string | null;
    /** The account's name and e-mail, or `command line (<OS user>)`. */
    actor: string;
    action: string;
    object: string;
    address: string;
    user_agent: string;
  };
  /** Each running server: which manifest version it serves, and when it last said so. */
  servers: {
    id: string;
    version: number;
    hash: string;
    started_at: string;
    seen_at: string;
  };
}

export interface Database {
  readonly db: Kysely<Tables>;
  readonly kind: 'sqlite' | 'postgres';
  /**
   * PostgreSQL: calls `heard` on each NOTIFY on `channel` (its own connection, made again when lost);
   * resolves to a function that stops listening. SQLite has no such thing (callers poll).
   */
  listen?(channel: string, heard: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseTarget = { readonly url: string } | { readonly file: string };

/** The SQLite file in a data directory (one server); before it held more, it was consultations.sqlite. */
export const SQLITE_FILE = 'site.sqlite';
const EARLIER_FILE = 'consultations.sqlite';

/**
 * `DATABASE_URL` (PostgreSQL, several servers) else `<dataDir>/site.sqlite`. A data directory of an
 * earlier version keeps its requests: its `consultations.sqlite` (with its WAL) is renamed first.
 */
export function databaseTarget(url: string | undefined, dataDir: string): DatabaseTarget {
  if (url !== undefined) return { url };
  const file = join(dataDir, SQLITE_FILE);
  const earlier = join(dataDir, EARLIER_FILE);
  if (!existsSync(file) && existsSync(earlier)) {
    for (const suffix of ['-wal', '-shm', '']) {
      if (existsSync(earlier + suffix)) renameSync(earlier + suffix, file + suffix);
    }
  }
  return { file };
}

/** Opens SQLite (a file, created with its folder) or PostgreSQL (a `postgres://` URL); no migration. */
export function openDatabase(target: DatabaseTarget): Database {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the database drops (it stopped, restarted, failed over) is told here; with
    // no listener it would end the process. The next query opens a new one (/readyz reports the rest).
    pool.on('error', () => undefined);
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    const heard = (channel: string, call: (payload: string) => void) => listen(target.url, channel, call);
    return { db, kind: 'postgres', listen: heard, close: () => db.destroy() };
  }
  mkdirSync(dirname(target.file), { recursive: true });
  // timeout: SQLite's busy_timeout, how long a statement waits for another server's write lock.
  const file = new DatabaseSync(target.file, { timeout: 5000 });
  // WAL with synchronous=FULL: a committed transaction survives a killed process and a power cut.
  file.exec('pragma journal_mode = WAL; pragma synchronous = FULL; pragma foreign_keys = ON');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: kyselySqlite(file) }) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

/**
 * Kysely's SqliteDialect expects better-sqlite3's statements: parameters as one array and a `reader`
 * flag. node:sqlite's API (this driver's) takes them spread, and a statement that returns rows has columns.
 */
function kyselySqlite(file: DatabaseSyncInstance): SqliteDatabase {
  return {
    close: () => file.close(),
    prepare(sql) {
      const statement = file.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...parameters),
        run: (parameters) => statement.run(...parameters),
        iterate: (parameters) => statement.iterate(...parameters),
      };
    },
  };
}

/** LISTEN on its own client; a lost connection is made again after a second (until stopped). */
async function listen(url: string, channel: string, heard: (payload: string) => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) heard(n.payload ?? '');
    });
    c.on('error', () => {
      c.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

/**
 * Applies every migration not yet applied. Safe to call from several instances at once. When the
 * schema cannot be brought up to date, the error says which migration failed and why.
 */
export async function migrate(database: Database): Promise<void> {
  const migrator = new Migrator({ db: database.db, provider: migrationProvider });
  // PostgreSQL takes a lock; SQLite has none across processes: a server starting beside another on
  // the same file may lose the race, and then finds the schema the other one made.
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return;
    if (database.kind === 'sqlite' && attempt < 5) {
      await new Promise((r) => setTimeout(r, 50 * attempt));
      continue;
    }
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The site database could not be migrated (migration '${failed}'): ${why}. Check DATABASE_URL or the file in DATA_DIR.`,
      { cause: error },
    );
  }
}

/** Opens and migrates: what a server and the backup and restore commands start from. */
export async function openSiteDatabase(target: DatabaseTarget): Promise<Database> {
  const database = openDatabase(target);
  try {
    await migrate(database);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Now as stored (ISO 8601 UTC). */
export const stamp = (ms: number = Date.now()): string => new Date(ms).toISOString();
