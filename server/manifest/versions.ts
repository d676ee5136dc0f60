import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import type { ManifestFile, Version, VersionInfo } from '../../engine/shared/manifest.ts';
import { stamp, type Database, type Tables } from '../db/database.ts';
import { writeAudit, type Actor } from '../staff/audit.ts';

/** The outcome of a publish: the new version, or (compare-and-swap lost) the version live now. */
export type PublishOutcome =
  { readonly ok: true; readonly version: VersionInfo } | { readonly ok: false; readonly live: Version };

/** Files in name order, so that the same manifest always has the same hash. */
export const sortedFiles = (files: readonly ManifestFile[]): ManifestFile[] =>
  [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** A content hash of a manifest (its files' names and texts). */
export const manifestHash = (files: readonly ManifestFile[]): string => {
  const hash = createHash('sha256');
  for (const f of sortedFiles(files)) hash.update(`${f.name}\0${f.text}\0`);
  return hash.digest('hex');
};

type Row = {
  number: number;
  hash: string;
  author: string;
  author_typed: number;
  note: string;
  changes: string;
  created_at: string;
};
const info = (row: Row): VersionInfo => ({
  number: Number(row.number),
  hash: row.hash,
  author: row.author,
  authorTyped: Number(row.author_typed) === 1,
  note: row.note,
  changes: JSON.parse(row.changes) as string[],
  createdAt: row.created_at,
});
const INFO_COLUMNS = ['number', 'hash', 'author', 'author_typed', 'note', 'changes', 'created_at'] as const;

/**
 * The manifest's versions in the site database: the one source of truth once there is a version
 * (files are a way in and out). Publishing is a compare-and-swap on the version the edit started
 * from: of two publishes on the same base, one wins and the other learns what is live now.
 */
export class ManifestVersions {
  constructor(private readonly database: Database) {}

  /** The newest version's number; 0 when there is none yet. */
  async liveNumber(): Promise<number> {
    const row = await this.database.db
      .selectFrom('manifest_versions')
      .select((eb) => eb.fn.max('number').as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async get(number: number): Promise<Version | undefined> {
    const row = await this.database.db
      .selectFrom('manifest_versions')
      .selectAll()
      .where('number', '=', number)
      .executeTakeFirst();
    return row ? { ...info(row), files: JSON.parse(row.files) as ManifestFile[] } : undefined;
  }

  /** The live (newest) version, or undefined before the first. */
  async live(): Promise<Version | undefined> {
    const n = await this.liveNumber();
    return n > 0 ? this.get(n) : undefined;
  }

  /** Every version, newest first, without files. */
  async list(): Promise<VersionInfo[]> {
    const rows = await this.database.db
      .selectFrom('manifest_versions')
      .select(INFO_COLUMNS)
      .orderBy('number', 'desc')
      .execute();
    return rows.map(info);
  }

  /**
   * Stores `files` as version `base + 1` when `base` is still the live version; else answers the
   * live one (nothing written). The caller has checked the files (an invalid manifest is never
   * published).
   */
  /**
   * The version and its audit row in one transaction on PostgreSQL. SQLite's driver waits for a lock
   * synchronously, so a transaction held by one handle would stall a second handle of the same process
   * (two servers' publishes at once, as the tests make them): there the row follows the version.
   */
  private together<T>(work: (db: Kysely<Tables>) => Promise<T>): Promise<T> {
    const { db } = this.database;
    return this.database.kind === 'postgres' ? db.transaction().execute(work) : work(db);
  }

  async publish(edit: {
    base: number;
    files: readonly ManifestFile[];
    author: string;
    note: string;
    changes: readonly string[];
    /** Who published, for the audit trail (written with the version, in one transaction); none: a file edit. */
    actor?: Actor;
  }): Promise<PublishOutcome> {
    const files = sortedFiles(edit.files);
    const row = {
      number: edit.base + 1,
      files: JSON.stringify(files),
      hash: manifestHash(files),
      author: edit.author,
      note: edit.note,
      changes: JSON.stringify(edit.changes),
      created_at: stamp(),
      // Signed by the account (or the token, or the files): no longer a name typed in the browser.
      author_typed: 0,
    };
    // The primary key is the swap: two publishes on one base cannot both insert base + 1.
    const inserted =
      (await this.liveNumber()) === edit.base
        ? await this.together(async (trx) => {
            const added = await trx
              .insertInto('manifest_versions')
              .values(row)
              .onConflict((c) => c.column('number').doNothing())
              .returning('number')
              .executeTakeFirst();
            if (added && edit.actor)
              await writeAudit(trx, edit.actor, { action: 'manifest.publish', object: `version ${row.number}` });
            return added;
          })
        : undefined;
    if (inserted) return { ok: true, version: info(row) };
    const live = await this.live();
    if (!live) throw new Error('A publish lost its compare-and-swap, yet there is no version.');
    return { ok: false, live };
  }
}
