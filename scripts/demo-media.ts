import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Catalogue } from '../engine/index.ts';
import { loadCatalogue } from '../engine/node/read.ts';
import { demoPlan, generateDemoMedia } from '../server/imaging/demo-media.ts';
import { writeDefaults } from '../server/imaging/slot-defaults.ts';

/**
 * `npx tsx scripts/demo-media.ts [--force]`: the demo media of the embedded local store under DATA_DIR
 * (made by `server/imaging/demo-media.ts`, which `npm start` also runs), and for tests a generated data
 * directory made once and reused (`demoDataTemplate`).
 */

/**
 * For tests: a generated data directory, made once per manifest and script version under
 * node_modules/.cache and reused; copy it before changing anything in it.
 */
export async function demoDataTemplate(c: Catalogue): Promise<string> {
  const self = readFileSync(fileURLToPath(new URL('../server/imaging/demo-media.ts', import.meta.url)));
  const drawings = readFileSync(fileURLToPath(new URL('../server/imaging/drawings.ts', import.meta.url)));
  const key = createHash('sha256')
    .update(self)
    .update(drawings)
    .update(JSON.stringify([demoPlan(c), c.slots]))
    .digest('hex');
  const dir = resolve('node_modules/.cache/demo-media', key.slice(0, 16));
  const ready = (): boolean => existsSync(join(dir, 'media')) && existsSync(join(dir, 'defaults'));
  if (ready()) return dir;
  await mkdir(dirname(dir), { recursive: true });
  // Test files run in parallel processes: one generates, the others wait for it.
  const lock = `${dir}.lock`;
  for (;;) {
    if (ready()) return dir;
    try {
      await mkdir(lock);
      break;
    } catch {
      const since = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > 120_000) await rm(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (!ready()) {
      const tmp = await mkdtemp(`${dir}.tmp-`);
      await generateDemoMedia(tmp, c);
      await rm(dir, { recursive: true, force: true });
      await rename(tmp, dir);
    }
    return dir;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR?.trim() || 'data');
  const result = loadCatalogue();
  if (!result.ok) throw new Error('The manifest is invalid: run `npm run check` for the list of problems.');
  if (process.argv.includes('--force')) await rm(join(dataDir, 'media'), { recursive: true, force: true });
  if (existsSync(join(dataDir, 'media'))) {
    await writeDefaults(dataDir, result.catalogue);
    console.log(`${join(dataDir, 'media')} exists; kept it (pass --force to make it again).`);
    return;
  }
  const { folders, ms } = await generateDemoMedia(dataDir, result.catalogue);
  const size = await du(join(dataDir, 'media'));
  console.log(`Demo media: ${folders} folders, ${(size / 1e6).toFixed(1)} MB in ${ms} ms under ${dataDir}.`);
}

async function du(path: string): Promise<number> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  const sizes = await Promise.all(entries.filter((e) => e.isFile()).map((e) => stat(join(e.parentPath, e.name))));
  return sizes.reduce((sum, s) => sum + s.size, 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
