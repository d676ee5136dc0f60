import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../server/config.ts';
import { databaseTarget, openSiteDatabase, SQLITE_FILE } from '../server/db/database.ts';
import { staffCommand } from '../server/staff/command.ts';

/**
 * `npm run staff -- <command>`: the people of the site database (DATA_DIR's SQLite, or DATABASE_URL)
 * from the server's command line; see server/staff/command.ts. It never makes a database.
 */
const config = loadConfig();
const file = resolve(join(config.dataDir, SQLITE_FILE));
if (!config.databaseUrl && !existsSync(file)) {
  process.stderr.write(
    `No site database at ${file}: set DATA_DIR to the server's data directory (or DATABASE_URL to its database).\n`,
  );
  process.exitCode = 2;
} else {
  const database = await openSiteDatabase(databaseTarget(config.databaseUrl, config.dataDir));
  try {
    const { out, code } = await staffCommand(database, process.argv.slice(2));
    (code === 0 ? process.stdout : process.stderr).write(out.map((l) => `${l}\n`).join(''));
    process.exitCode = code;
  } finally {
    await database.close();
  }
}
