import { randomBytes } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/database.ts';
import { IMPORTED_SUFFIX } from '../db/import-files.ts';
import type { Logger } from '../log.ts';

/** The setup password's name in the database (and the file where earlier versions kept it). */
export const PASSWORD_FILE = 'staff-password';

/** What the staff tools are configured with from the environment. */
export interface StaffEnv {
  /** STAFF_PASSWORD: the setup password, which creates the first owner's account. */
  readonly password?: string;
}

const blank = (v: string | undefined): string | undefined => (v === undefined || v.trim() === '' ? undefined : v);

export const staffEnv = (env: NodeJS.ProcessEnv): StaffEnv => ({
  password: blank(env.STAFF_PASSWORD),
});

/**
 * The value stored under `name` in the site database, made when there is none: from the file of that
 * name in `dataDir` (where earlier versions kept it, so staff keep their password), else `generate`.
 * Servers starting together all end up with the first one's value. `created` tells whether this
 * call generated it.
 */
export async function storedSecret(
  database: Database,
  dataDir: string,
  name: string,
  generate: () => string,
): Promise<{ value: string; created: boolean }> {
  const { db } = database;
  const read = () => db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirst();
  const found = await read();
  if (found) return { value: found.value, created: false };
  const earlier = (await readFile(join(dataDir, name), 'utf8').catch(() => '')).trim();
  const value = earlier || generate();
  const inserted = await db
    .insertInto('secrets')
    .values({ name, value })
    .onConflict((c) => c.column('name').doNothing())
    .returning('value')
    .executeTakeFirst();
  if (inserted && earlier) {
    // Moved into the database: the file is kept aside, renamed, as the other earlier files are.
    await rename(join(dataDir, name), join(dataDir, `${name}${IMPORTED_SUFFIX}`)).catch(() => undefined);
  }
  if (inserted) return { value, created: !earlier };
  const winner = await read();
  if (!winner) throw new Error(`The staff secret '${name}' could not be stored in the site database.`);
  return { value: winner.value, created: false };
}

/** A password staff can type: 4 groups of 5 characters without look-alikes (about 100 bits). */
export function generatePassword(): string {
  // 32 symbols: each random byte gives 5 unbiased bits.
  const alphabet = 'abcdefghjkmnpqrstuvwxyz2346789AC';
  const chars = [...randomBytes(20)].map((b) => alphabet[b & 31]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join('')).join('-');
}

/**
 * A generated password, shown on stderr when it is a terminal (a person reads it there and then); a
 * process manager's or a container's output is a log, so there only the way to read it is written.
 */
export function showOnTerminal(
  password: string,
  stderr: Pick<NodeJS.WriteStream, 'isTTY' | 'write'> = process.stderr,
): void {
  stderr.write(
    stderr.isTTY
      ? `Staff password: ${password} (kept in the site database; npm run staff-password prints it)\n`
      : 'Staff password generated; it is not written here (this output is not a terminal): run `npm run staff-password` with this DATA_DIR or DATABASE_URL to read it.\n',
  );
}

/**
 * The setup password: from the environment, else from the site database (made on the first start), so
 * every server on one database accepts the same one. It only creates the first owner's account.
 */
export async function loadStaffSecrets(
  database: Database,
  dataDir: string,
  env: StaffEnv,
  logger?: Logger,
  /** Where the generated password is shown once; default `showOnTerminal`, never the log. */
  show: (password: string) => void = showOnTerminal,
): Promise<{ password: string }> {
  let password = env.password;
  if (password === undefined) {
    const stored = await storedSecret(database, dataDir, PASSWORD_FILE, generatePassword);
    password = stored.value;
    if (stored.created) {
      // Shown once, on a terminal, when it is made: logs are shipped and kept, so it never goes there.
      // Afterwards it is only in the database (`npm run staff-password` prints it).
      logger?.warn(
        { command: 'npm run staff-password' },
        'Staff password generated (STAFF_PASSWORD is not set); it is kept in the site database.',
      );
      show(password);
    }
  }
  return { password };
}
