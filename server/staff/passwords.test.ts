import { expect, it } from 'vitest';
import { hashPassword, passwordMatches, passwordProblem } from './passwords.ts';

it('accepts 8 characters or more without composition rules, and refuses common passwords', () => {
  expect(passwordProblem('seven77')).toBe('short');
  // Characters, not bytes: seven accented letters are still seven.
  expect(passwordProblem('ñandúes')).toBe('short');
  expect(passwordProblem('password1')).toBe('common');
  expect(passwordProblem('QWERTYUIOP')).toBe('common');
  expect(passwordProblem('x'.repeat(300))).toBe('long');
  expect(passwordProblem('lowercase only words')).toBeUndefined();
  expect(passwordProblem('ñandúes!')).toBeUndefined();
});

it('keeps argon2id hashes that match only their password', async () => {
  const stored = await hashPassword('correct horse battery staple');
  expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(await passwordMatches(stored, 'correct horse battery staple')).toBe(true);
  expect(await passwordMatches(stored, 'correct horse battery stapler')).toBe(false);
  // No account: a decoy is checked, and it never matches.
  expect(await passwordMatches(undefined, 'decoy password of no account')).toBe(false);
});
