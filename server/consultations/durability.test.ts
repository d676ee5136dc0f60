import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { CONSULTATION_API } from '../../engine/shared/consultation.ts';
import { migrate, openDatabase, SQLITE_FILE } from '../db/database.ts';
import { RequestStore } from './store.ts';

const dir = mkdtempSync(join(tmpdir(), 'consult-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The real server (`server/main.ts`) in its own process; resolves with its URL once it listens. */
function startProcess(): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'info',
      CONSULTATION_RATE_LIMIT: '1000',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = new Promise<string>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const msg = (JSON.parse(line) as { msg?: string }).msg ?? '';
      const found = /Site ready at (http:\/\/\S+)/.exec(msg);
      if (found?.[1]) done(found[1].replace('localhost', '127.0.0.1'));
    });
  });
  return { child, url };
}

it('keeps every request answered 2xx when the server is killed with SIGKILL mid-submission', async () => {
  const { child, url } = startProcess();
  const base = await url;
  const answered: string[] = [];
  let sent = 0;
  const submit = async (i: number): Promise<void> => {
    sent++;
    // After the tenth answer, kill the process while the rest are in flight.
    if (answered.length >= 10 && !child.killed) child.kill('SIGKILL');
    try {
      const res = await fetch(`${base}${CONSULTATION_API}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({
          name: `Durable ${i}`,
          phone: '555 010 2000',
          email: `d${i}@example.com`,
          place: 'Springfield',
          products: ['screens'],
          consent: 'yes',
        }),
      });
      if (res.ok) answered.push(((await res.json()) as { id: string }).id);
    } catch {
      // The connection died with the process: this request was not answered.
    }
  };
  // 50 requests, five at a time, so that some are in flight when the kill lands.
  const queue = Array.from({ length: 50 }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 5 }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) await submit(i);
    }),
  );
  expect(sent).toBe(50);
  expect(child.signalCode ?? 'SIGKILL').toBe('SIGKILL');
  expect(answered.length).toBeGreaterThanOrEqual(10);
  expect(answered.length).toBeLessThan(50);

  // Restart: the server opens the same database, and every answered request is there with its outbox entry.
  const again = startProcess();
  await again.url;
  const database = openDatabase({ file: join(dir, SQLITE_FILE) });
  await migrate(database);
  const store = new RequestStore(database);
  for (const id of answered) {
    expect(await store.get(id), id).toBeDefined();
    expect(await store.outbox(id), id).toBeDefined();
  }
  await database.close();
  again.child.kill('SIGTERM');
});
