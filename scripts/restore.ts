import { loadConfig } from '../server/config.ts';
import { BackupError, restore } from '../server/db/backup.ts';

/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` into DATA_DIR, which must be
 * empty or absent; then start the server on it. (PostgreSQL: pg_restore, see docs/operators.md.)
 */
const file = process.argv.slice(2).find((a) => !a.startsWith('--'));

async function main(): Promise<void> {
  if (!file) throw new BackupError('Say which backup to restore: DATA_DIR=/srv/site-data npm run restore -- <file>');
  const config = loadConfig();
  const info = await restore({ dataDir: config.dataDir, file });
  const rows = Object.entries(info.rows)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  process.stdout.write(
    `Restored the backup of ${info.createdAt} into ${config.dataDir}${info.media ? ' (with media)' : ''}: ${rows}. Start the server with this DATA_DIR.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof BackupError ? error.message : String((error as Error).stack ?? error)}\n`);
  process.exit(error instanceof BackupError ? 2 : 1);
});
