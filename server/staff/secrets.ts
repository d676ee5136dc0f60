import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log.ts';

export const PASSWORD_FILE = 'staff-password';
export const SECRET_FILE = 'staff-session-secret';

/** What the staff tools are configured with from the environment. */
export interface StaffEnv {
  /** STAFF_PASSWORD */
  readonly password?: string;
  /** STAFF_SESSION_SECRET: give every instance the same one (or the same DATA_DIR). */
  readonly sessionSecret?: string;
}

const blank = (v: string | undefined): string | undefined => (v === undefined || v.trim() === '' ? undefined : v);

export const staffEnv = (env: NodeJS.ProcessEnv): StaffEnv => ({
  password: blank(env.STAFF_PASSWORD),
  sessionSecret: blank(env.STAFF_SESSION_SECRET),
});

const isCode = (error: unknown, code: string): boolean => (error as { code?: unknown } | null)?.code === code;

/**
 * The value in `<dataDir>/<name>`, made with `generate` (mode 0600) when the file does not exist.
 * Created exclusively: instances starting together on one data directory all end up with the
 * first one's value. `created` tells whether this call made it.
 */
export async function storedSecret(
  dataDir: string,
  name: string,
  generate: () => string,
): Promise<{ value: string; created: boolean }> {
  const file = join(dataDir, name);
  await mkdir(dataDir, { recursive: true });
  const value = generate();
  try {
    await writeFile(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return { value, created: true };
  } catch (error) {
    if (!isCode(error, 'EEXIST')) throw error;
  }
  // A racing instance may not have finished writing: wait briefly for a complete line.
  for (let i = 0; i < 50; i++) {
    const text = await readFile(file, 'utf8');
    if (text.endsWith('\n') && text.trim()) {
      await chmod(file, 0o600).catch(() => undefined);
      return { value: text.trim(), created: false };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${file} is empty: delete it and start again to generate a new one.`);
}

/** A password staff can type: 4 groups of 5 characters without look-alikes (about 100 bits). */
export function generatePassword(): string {
  // 32 symbols: each random byte gives 5 unbiased bits.
  const alphabet = 'abcdefghjkmnpqrstuvwxyz2346789AC';
  const chars = [...randomBytes(20)].map((b) => alphabet[b & 31]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join('')).join('-');
}

/** The staff password and session secret: from the environment, else stored in the data directory. */
export async function loadStaffSecrets(
  dataDir: string,
  env: StaffEnv,
  logger?: Logger,
  /** Where the generated password is shown once (a plain line); default stderr, never the log. */
  show: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
): Promise<{ password: string; secret: string }> {
  let password = env.password;
  if (password === undefined) {
    const file = join(dataDir, PASSWORD_FILE);
    const stored = await storedSecret(dataDir, PASSWORD_FILE, generatePassword);
    password = stored.value;
    if (stored.created) {
      // Shown once, on the terminal, when it is made: logs are shipped and kept, so it never goes there.
      // Afterwards it is only in the file (mode 0600).
      logger?.warn(
        { file },
        'Staff password generated (STAFF_PASSWORD is not set); it is kept in the file named here.',
      );
      show(`Staff password: ${password} (kept in ${file})`);
    }
  }
  const secret =
    env.sessionSecret ?? (await storedSecret(dataDir, SECRET_FILE, () => randomBytes(32).toString('base64url'))).value;
  return { password, secret };
}
