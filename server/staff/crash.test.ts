import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { jpeg, PASSWORD, signInAs, testCatalogue, upload } from '../../testing/staff-harness.ts';
import { openDatabase, SQLITE_FILE } from '../db/database.ts';

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

/** The slot map and image bytes as the killed server left them in its SQLite file. */
async function stored(dir: string) {
  const database = openDatabase({ file: join(dir, SQLITE_FILE) });
  try {
    const map = await database.db.selectFrom('slot_map').select(['id', 'image_url']).execute();
    const files = await database.db.selectFrom('slot_image_files').select(['name', 'bytes']).execute();
    return {
      map: new Map(map.map((r) => [r.id, r.image_url])),
      files: new Map(files.map((f) => [f.name, Buffer.from(f.bytes)])),
    };
  } finally {
    await database.close();
  }
}

// The limit is a hang guard: two server starts and a kill take 15-30 s on a loaded 2-core machine.
it('SIGKILL while uploads are being written keeps every acknowledged upload, each with its complete image', async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'staff-crash-'));
  const c = testCatalogue();
  const ids = [...c.slots.map((s) => s.id), ...c.products.map((p) => p.id)];
  const images = await Promise.all(ids.map((_, i) => jpeg(i, 64)));

  let inFlight = 0;
  for (let round = 0; round < 3; round++) {
    const { child, base } = await startChild(dataDir);
    const cookie = await signInAs({ base, database: { file: join(dataDir, SQLITE_FILE) } }, 'editor');
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

    inFlight += sent - acknowledged.size;
    const { map, files } = await stored(dataDir);
    // Every upload answered 200 before the kill is there (a later one to the same slot may have replaced it).
    for (const id of acked.keys()) expect(map.get(id)).toMatch(/^\/media\/slot\/[a-f0-9]{64}\.jpg$/);
    // Every entry points at a complete image: its bytes hash to its name.
    for (const url of map.values()) {
      const name = url.slice('/media/slot/'.length);
      const bytes = files.get(name);
      expect(bytes && createHash('sha256').update(bytes).digest('hex')).toBe(name.slice(0, 64));
    }
  }

  console.info(`crash test: ${inFlight} uploads unanswered over 3 kills`);

  // A restart serves the map as it was left.
  const { map } = await stored(dataDir);
  const { child, base } = await startChild(dataDir);
  try {
    const served = (await (await fetch(`${base}/api/preview-images`)).json()) as Record<string, { imageUrl: string }>;
    expect(Object.fromEntries(Object.entries(served).map(([id, e]) => [id, e.imageUrl]))).toEqual(
      Object.fromEntries(map),
    );
  } finally {
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
}, 120_000);
