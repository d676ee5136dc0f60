import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { backup as copyDatabase, DatabaseSync } from '@photostructure/sqlite';
import * as tar from 'tar';
import { openSiteDatabase, SQLITE_FILE } from './database.ts';

/** What a backup file holds, written into it as `backup.json`. */
export interface BackupInfo {
  readonly format: 1;
  readonly createdAt: string;
  /** The site database (consultation requests, slot map and images, folder marks, counts, staff secrets). */
  readonly database: typeof SQLITE_FILE;
  /** Whether the local media store's files (`media/`) are in it. */
  readonly media: boolean;
  /** Rows per table, as copied (the restore checks them). */
  readonly rows: Readonly<Record<string, number>>;
}

const INFO_FILE = 'backup.json';
const MEDIA_DIR = 'media';
/** The tables a restore checks row by row (rate-limit counts, heartbeats, sessions and preview drafts are copied, not checked: they change by the second). */
export const BACKED_UP_TABLES = [
  'requests',
  'outbox',
  'slot_map',
  'slot_image_files',
  'folder_marks',
  'secrets',
  'manifest_versions',
  'accounts',
  'audit',
] as const;

/** The reason a backup or restore cannot be made, said to the operator as is (no stack trace). */
export class BackupError extends Error {
  override name = 'BackupError';
}

const rowCounts = (file: string): Record<string, number> => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return Object.fromEntries(
      BACKED_UP_TABLES.map((t) => [t, (db.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
};

/**
 * Writes a consistent copy of the site database of `dataDir` (SQLite, while servers keep writing to
 * it: SQLite's online backup, all pages in one step so that no write in between can make it start
 * again), with the local media when `media`, as one gzipped tar file at `file` (written beside it,
 * then renamed: a cut-off backup never looks complete).
 */
export async function backup(options: { dataDir: string; file: string; media?: boolean }): Promise<BackupInfo> {
  const dataDir = resolve(options.dataDir);
  const source = join(dataDir, SQLITE_FILE);
  if (!existsSync(source)) {
    throw new BackupError(
      `There is no site database at ${source}: is DATA_DIR right? (The server makes it on its first start.)`,
    );
  }
  const work = await mkdtemp(join(tmpdir(), 'site-backup-'));
  try {
    // mode=rw: read-write (its last close folds the WAL in and removes it, as a server's does) but never
    // created: a file gone since the check above is an error, not an empty database backed up.
    const db = new DatabaseSync(new URL(`${pathToFileURL(source).href}?mode=rw`), { timeout: 5000 });
    try {
      // rate -1: every page in one step.
      await copyDatabase(db, join(work, SQLITE_FILE), { rate: -1 });
    } finally {
      db.close();
    }
    const media = options.media === true && existsSync(join(dataDir, MEDIA_DIR));
    if (options.media && !media) throw new BackupError(`--media: there is no ${join(dataDir, MEDIA_DIR)} to copy.`);
    const info: BackupInfo = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: SQLITE_FILE,
      media,
      rows: rowCounts(join(work, SQLITE_FILE)),
    };
    await writeFile(join(work, INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
    const file = resolve(options.file);
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.partial`;
    // The media folder goes in through a link beside the copy, followed: one archive, one pass.
    if (media) await symlink(join(dataDir, MEDIA_DIR), join(work, MEDIA_DIR));
    const entries = [INFO_FILE, SQLITE_FILE, ...(media ? [MEDIA_DIR] : [])];
    await tar.c({ gzip: true, file: partial, cwd: work, portable: true, follow: true }, entries);
    await rename(partial, file);
    return info;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Restores a backup file into `dataDir`, which must be empty or absent (a restore never mixes two
 * sites). The database is checked (integrity, the row counts the backup recorded) and brought up to
 * this version's schema before the call returns.
 */
export async function restore(options: { dataDir: string; file: string }): Promise<BackupInfo> {
  const dataDir = resolve(options.dataDir);
  const file = resolve(options.file);
  if (!existsSync(file)) throw new BackupError(`There is no backup file at ${file}.`);
  const present = await readdir(dataDir).catch(() => []);
  if (present.length > 0) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', ...' : ''}): restore into an empty or new folder, then point DATA_DIR at it.`,
    );
  }
  await mkdir(dataDir, { recursive: true });
  try {
    await tar.x({ file, cwd: dataDir, strict: true });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw new BackupError(`${file} is not a backup this site can read (${(error as Error).message}).`);
  }
  const infoText = await readFile(join(dataDir, INFO_FILE), 'utf8').catch(() => null);
  const info = infoText === null ? null : (JSON.parse(infoText) as BackupInfo);
  if (info?.format !== 1 || !(await stat(join(dataDir, SQLITE_FILE)).catch(() => null))) {
    await rm(dataDir, { recursive: true, force: true });
    throw new BackupError(`${file} is not a backup made by npm run backup (no ${INFO_FILE} or no database in it).`);
  }
  await rm(join(dataDir, INFO_FILE));
  const db = new DatabaseSync(join(dataDir, SQLITE_FILE));
  const integrity = (db.prepare('pragma integrity_check').get() as { integrity_check: string }).integrity_check;
  db.close();
  const rows = rowCounts(join(dataDir, SQLITE_FILE));
  const differ = BACKED_UP_TABLES.filter((t) => rows[t] !== info.rows[t]);
  if (integrity !== 'ok' || differ.length > 0) {
    throw new BackupError(
      `The restored database does not match the backup (${integrity !== 'ok' ? `integrity: ${String(integrity)}` : `rows differ in ${differ.join(', ')}`}); the backup file may be damaged.`,
    );
  }
  // A backup of an earlier version gets this version's tables.
  await (await openSiteDatabase({ file: join(dataDir, SQLITE_FILE) })).close();
  return info;
}
