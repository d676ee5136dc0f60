import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import type { ApiMediaItem, ApiProduct } from '../engine/shared/api.ts';

const BIG = 32 * 1024 * 1024;
let dataDir = '';
afterAll(() => rm(dataDir, { recursive: true, force: true }));

it('prints its URL, and on SIGTERM stops accepting but lets an in-flight download finish', async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'shade-main-'));
  const folder = join(dataDir, 'media', 'Retractable Awnings', 'Video');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'big.mp4'), Buffer.alloc(BIG, 7));

  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // No drain period: the test is about what closing does (server/ops/drain.test.ts drains).
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DRAIN_SECONDS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const messages: string[] = [];
  let ready: (url: string) => void = () => undefined;
  const url = new Promise<string>((done) => (ready = done));
  lines.on('line', (line) => {
    const msg = (JSON.parse(line) as { msg?: string }).msg ?? '';
    messages.push(msg);
    const found = /Site ready at (http:\/\/\S+)/.exec(msg);
    if (found?.[1]) ready(found[1].replace('localhost', '127.0.0.1'));
  });
  const base = await url;

  const products = (await (await fetch(`${base}/api/products`)).json()) as ApiProduct[];
  const folderId = products.find((p) => p.id === 'retractable-awnings-videos')?.driveFolderId;
  const items = (await (await fetch(`${base}/api/drive-images/${folderId}`)).json()) as ApiMediaItem[];
  const file = items.find((i) => i.name === 'big.mp4');

  // Start a download and do not read it yet: 32 MB cannot fit in socket buffers, so it stays in flight.
  const res = await new Promise<IncomingMessage>((done) => get(`${base}${file?.url}`, done));
  res.pause();
  expect(res.statusCode).toBe(200);

  child.kill('SIGTERM');
  while (!messages.includes('shutting down')) await new Promise((r) => setTimeout(r, 20));
  await expect(fetch(`${base}/api/products`)).rejects.toThrow();

  let received = 0;
  res.on('data', (chunk: Buffer) => (received += chunk.length));
  res.resume();
  await once(res, 'end');
  expect(received).toBe(BIG);
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code).toBe(0);
});
