import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { jpeg, PASSWORD, signIn, testCatalogue, upload } from '../../testing/staff-harness.ts';

let dataDir = '';
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

/** The real entry point in its own process, as `npm start` runs it. */
async function startChild(dir: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'info', STAFF_PASSWORD: PASSWORD },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  const base = await new Promise<string>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
    lines.on('line', (line) => {
      const msg = (JSON.parse(line) as { msg?: string }).msg ?? '';
      const found = /Site ready at (http:\/\/\S+)/.exec(msg);
      if (found?.[1]) done(found[1].replace('localhost', '127.0.0.1'));
    });
  });
  return { child, base };
}

it('SIGKILL while uploads are being written leaves slots.json valid, with every acknowledged upload', async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'staff-crash-'));
  const c = testCatalogue();
  const ids = [...c.slots.map((s) => s.id), ...c.products.map((p) => p.id)];
  const images = await Promise.all(ids.map((_, i) => jpeg(i, 64)));

  let interrupted = 0;
  let inFlight = 0;
  for (let round = 0; round < 3; round++) {
    const { child, base } = await startChild(dataDir);
    const cookie = await signIn(base);
    const acknowledged = new Map<string, string>();
    let sent = 0;
    let stop = false;
    // 8 writers keep the server busy uploading; the kill comes while several are in flight.
    const writer = async (): Promise<void> => {
      while (!stop) {
        const i = sent++ % ids.length;
        const res = await upload(base, cookie, ids[i]!, images[(i + round * 7) % images.length]!).catch(() => null);
        if (res?.status === 200 && !stop)
          acknowledged.set(ids[i]!, ((await res.json()) as { imageUrl: string }).imageUrl);
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    while (acknowledged.size < 10 + round * 5) await new Promise((r) => setTimeout(r, 5));
    const acked = new Map(acknowledged);
    child.kill('SIGKILL');
    stop = true;
    await once(child, 'exit');
    await Promise.all(writers);

    // Temp files left behind show that the kill landed in the middle of a write (not asserted: timing).
    const left = [...(await readdir(dataDir)), ...(await readdir(join(dataDir, 'slot-images')))];
    interrupted += left.filter((n) => n.endsWith('.tmp')).length;
    inFlight += sent - acknowledged.size;
    const text = await readFile(join(dataDir, 'slots.json'), 'utf8');
    const map = JSON.parse(text) as Record<string, { imageUrl: string }>;
    // Every upload answered 200 before the kill is there (a later one to the same slot may have replaced it).
    for (const id of acked.keys()) expect(map[id]?.imageUrl).toMatch(/^\/media\/slot\/[a-f0-9]{64}\.jpg$/);
    // Every entry points at a complete image file.
    for (const { imageUrl } of Object.values(map)) {
      expect(existsSync(join(dataDir, 'slot-images', imageUrl.slice('/media/slot/'.length)))).toBe(true);
    }
  }

  console.info(`crash test: ${interrupted} writes cut by SIGKILL, ${inFlight} uploads unanswered over 3 kills`);

  // A restart serves the map as it was left, and has removed the killed writers' temp files.
  const { child, base } = await startChild(dataDir);
  try {
    const temps = async (dir: string) => (await readdir(dir)).filter((n) => n.endsWith('.tmp'));
    expect([...(await temps(dataDir)), ...(await temps(join(dataDir, 'slot-images')))]).toEqual([]);
    const served = (await (await fetch(`${base}/api/preview-images`)).json()) as Record<string, unknown>;
    expect(Object.keys(served).sort()).toEqual(
      Object.keys(JSON.parse(await readFile(join(dataDir, 'slots.json'), 'utf8')) as object).sort(),
    );
  } finally {
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
});
