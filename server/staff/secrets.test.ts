import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, expect, it } from 'vitest';
import { loadStaffSecrets, PASSWORD_FILE } from './secrets.ts';

let dataDir = '';
afterEach(() => rm(dataDir, { recursive: true, force: true }));

it('shows a generated password once as a plain line, never in the log', async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'staff-secrets-'));
  let logged = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const shown: string[] = [];
  const { password } = await loadStaffSecrets(dataDir, {}, logger, (line) => shown.push(line));
  expect((await readFile(join(dataDir, PASSWORD_FILE), 'utf8')).trim()).toBe(password);
  expect(shown).toHaveLength(1);
  expect(shown[0]).toContain(password);
  expect(logged).toContain(PASSWORD_FILE);
  expect(logged).not.toContain(password);
  // Read back from the file on the next start: shown no more.
  await loadStaffSecrets(dataDir, {}, logger, (line) => shown.push(line));
  expect(shown).toHaveLength(1);
  expect(logged).not.toContain(password);
});
