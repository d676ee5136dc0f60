import { loadConfig } from '../server/config.ts';
import { databaseTarget, openSiteDatabase } from '../server/db/database.ts';
import { PASSWORD_FILE } from '../server/staff/secrets.ts';

/**
 * `npm run staff-password`: prints the staff password the servers generated and keep in the site
 * database (DATA_DIR's SQLite, or DATABASE_URL). When STAFF_PASSWORD is set, that is the password.
 */
const config = loadConfig();
if (process.env['STAFF_PASSWORD']?.trim()) {
  process.stdout.write('STAFF_PASSWORD is set in this environment: that is the staff password.\n');
} else {
  const database = await openSiteDatabase(databaseTarget(config.databaseUrl, config.dataDir));
  const row = await database.db
    .selectFrom('secrets')
    .select('value')
    .where('name', '=', PASSWORD_FILE)
    .executeTakeFirst();
  await database.close();
  if (row) process.stdout.write(`${row.value}\n`);
  else {
    process.stderr.write('No staff password has been generated yet: start the server once (npm start).\n');
    process.exitCode = 2;
  }
}
