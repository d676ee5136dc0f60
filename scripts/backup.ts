import { loadConfig } from '../server/config.ts';
import { backup, BackupError } from '../server/db/backup.ts';

/**
 * `npm run backup -- <file> [--media]`: a consistent copy of the site database of DATA_DIR (taken
 * while the servers run), with the local media store's files when `--media`, as one .tar.gz.
 * With DATABASE_URL (PostgreSQL) the database is backed up with pg_dump instead (docs/operators.md, "Backups").
 */
const args = process.argv.slice(2);
const media = args.includes('--media');
const file = args.find((a) => !a.startsWith('--'));

async function main(): Promise<void> {
  if (!file)
    throw new BackupError('Say where to write the backup: npm run backup -- backups/site-YYYY-MM-DD.tar.gz [--media]');
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: the site database is PostgreSQL. Back it up with pg_dump --format=custom --file=site.dump "$DATABASE_URL" (docs/operators.md, "Backups").',
    );
  }
  const info = await backup({ dataDir: config.dataDir, file, media });
  const rows = Object.entries(info.rows)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  process.stdout.write(`Backup written to ${file}${info.media ? ' (with media)' : ''}: ${rows}.\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof BackupError ? error.message : String((error as Error).stack ?? error)}\n`);
  process.exit(error instanceof BackupError ? 2 : 1);
});
