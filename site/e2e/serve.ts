import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalogue } from '../../engine/node/read.ts';
import sharp from 'sharp';
import { generateDemoMedia } from '../../server/imaging/demo-media.ts';
import { sceneSvg } from '../../server/imaging/drawings.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/log.ts';
import { startServer } from '../../server/main.ts';
import { FIXTURES } from './fixtures.ts';

/**
 * The e2e server: builds the site, makes demo media in a fresh temp DATA_DIR, starts the real server
 * on $PORT, and prepares the folders the scenarios need (one emptied, one whose listing fails, one
 * with more photos than masonry columns, so that DOM order differs from item order).
 */
async function main(): Promise<void> {
  if (process.env['E2E_SKIP_BUILD'] !== '1') {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    execFileSync('npx', ['vite', 'build', '--ssr', 'site/entry-server.tsx', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
  }
  const result = loadCatalogue();
  if (!result.ok) throw new Error('The manifest is invalid: run `npm run check`.');
  const dataDir = process.env['E2E_DATA_DIR'] ?? mkdtempSync(join(tmpdir(), 'site-e2e-'));
  await generateDemoMedia(dataDir, result.catalogue);
  const media = (folder: string) => join(dataDir, 'media', ...folder.split('/'));
  rmSync(media(FIXTURES.empty.folder), { recursive: true, force: true });
  mkdirSync(media(FIXTURES.empty.folder), { recursive: true });
  const many = media(FIXTURES.imagesFolder);
  const shapes = [
    [1200, 800],
    [800, 1200],
    [1000, 1000],
    [1400, 700],
    [900, 1200],
    [1200, 900],
    [700, 1000],
  ];
  const missing = FIXTURES.imagesCount - readdirSync(many).filter((f) => f.endsWith('.jpg')).length;
  for (let i = 0; i < missing; i++) {
    const [w, h] = shapes[i % shapes.length] as [number, number];
    const svg = sceneSvg({
      drawing: 'pergola',
      label: 'Pergola',
      caption: `Extra ${i + 1}`,
      width: w,
      height: h,
      seed: `e2e-extra-${i}`,
    });
    writeFileSync(join(many, `zz-extra-${i + 1}.jpg`), await sharp(Buffer.from(svg)).jpeg().toBuffer());
  }

  // The demo MOVs are H.264 and become playable once remuxed; this one never does.
  writeFileSync(join(media(FIXTURES.videosFolder), FIXTURES.unplayable), Buffer.alloc(4096, 7));

  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir }), logLevel: 'warn' };
  const running = await startServer(config, createLogger('warn'));
  // Resolve every folder id, then take one folder away: its listing now fails.
  await fetch(`${running.url}/api/products`);
  rmSync(media(FIXTURES.failing.folder), { recursive: true, force: true });
  writeFileSync(media(FIXTURES.failing.folder), 'not a folder');

  const stop = (): void => {
    void running.close().finally(() => {
      if (!process.env['E2E_DATA_DIR']) rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
