import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../server/config.ts';
import { databaseTarget, openSiteDatabase, SQLITE_FILE } from '../server/db/database.ts';
import { PASSWORD_FILE } from '../server/staff/secrets.ts';

/**
 * `npm run staff-password`: prints the staff password the servers generated and keep in the site
 * database (DATA_DIR's SQLite, or DATABASE_URL), and says on stderr which one it read. It never makes
 * a database: without one where it looks, it says where it looked. When STAFF_PASSWORD is set, that is
 * the password.
 */
const config = loadConfig();
const file = resolve(join(config.dataDir, SQLITE_FILE));
const where = config.databaseUrl ? 'the database at DATABASE_URL' : file;
if (process.env['STAFF_PASSWORD']?.trim()) {
  process.stdout.write('STAFF_PASSWORD is set in this environment: that is the staff password.\n');
} else if (!config.databaseUrl && !existsSync(file)) {
  process.stderr.write(
    `No site database at ${file}: set DATA_DIR to the server's data directory (or DATABASE_URL to its database).\n`,
  );
  process.exitCode = 2;
} else {
  const database = await openSiteDatabase(databaseTarget(config.databaseUrl, config.dataDir));
  const row = await database.db
    .selectFrom('secrets')
    .select('value')
    .where('name', '=', PASSWORD_FILE)
    .executeTakeFirst();
  await database.close();
  process.stderr.write(`Read from ${where}.\n`);
  if (row) process.stdout.write(`${row.value}\n`);
  else {
    process.stderr.write('No staff password has been generated there yet: start the server once on it.\n');
    process.exitCode = 2;
  }
}
