import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** The shortest password accepted (OWASP ASVS 5 V6.2.1); the form suggests 15 or more. No composition rules. */
const MIN_PASSWORD = 8;
/** Longer inputs are refused before hashing: a megabyte to hash is a denial of service, not a password. */
export const MAX_PASSWORD = 256;

const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** Why a new password is refused ('short', 'long', 'common'), or undefined when it is accepted. */
export function passwordProblem(password: string): 'short' | 'long' | 'common' | undefined {
  if ([...password].length < MIN_PASSWORD) return 'short';
  if (password.length > MAX_PASSWORD) return 'long';
  if (COMMON.has(password.toLowerCase())) return 'common';
  return undefined;
}

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane), as a PHC string. */
// 2 is the library's `Algorithm.Argon2id` (a const enum, which isolated modules cannot read).
export const hashPassword = (password: string): Promise<string> =>
  hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });

// Checked against when there is no account, so an unknown e-mail takes as long as a wrong password.
let decoy: Promise<string> | undefined;

/** Whether `password` matches `stored` (a PHC string); with no hash, a decoy is checked all the same. */
export async function passwordMatches(stored: string | null | undefined, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD) return false;
  decoy ??= hashPassword('decoy password of no account');
  const target = stored ?? (await decoy);
  const ok = await verify(target, password).catch(() => false);
  return ok && stored !== null && stored !== undefined;
}
