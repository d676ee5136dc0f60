import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { PAGE_ITEMS } from '../../engine/shared/paging.ts';
import { loadConfig } from '../config.ts';
import { FakeDrive } from '../../testing/fake-drive/index.ts';
import { createLogger } from '../log.ts';
import { startServer, type RunningServer } from '../main.ts';
import { whyBuild } from '../live/build-state.ts';

const FOLDER = 'Aluminum Pergolas/Fixed Roof/Attached to Structure/Images';
const PAGE = '/pergola-fixed-roof-attached-images';
const FILES = 2000;

/**
 * A gallery folder of 2,000 photos on the fake Drive (100 files per listing page, so pagination is
 * followed 20 times): the listing is complete and the page carries only the first screenful.
 * Needs the built site (`npm run build`), as every rendering test.
 */
describe('a 2,000-file Drive folder', () => {
  let fake: FakeDrive;
  let running: RunningServer;
  let dataDir: string;
  let folderId: string;

  beforeAll(async () => {
    // A fresh clone runs the unit tests before anything is built: build the site when it is stale.
    if (whyBuild(process.cwd()) !== null) {
      execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
      execFileSync('npx', ['vite', 'build', '--ssr', 'site/entry-server.tsx', '--logLevel', 'warn'], {
        stdio: 'inherit',
      });
    }
    fake = await FakeDrive.start({ maxPageSize: 100 });
    const rootId = fake.state.addFolder('Site Media', fake.state.addSharedDrive('Company Media')).id;
    let parent = rootId;
    for (const name of FOLDER.split('/')) parent = fake.state.addFolder(name, parent).id;
    folderId = parent;
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer();
    for (let i = 0; i < FILES; i++) {
      const name = `IMG_${String(i).padStart(4, '0')}.jpg`;
      fake.state.addFile({
        name,
        mimeType: 'image/jpeg',
        parents: [folderId],
        content: jpeg,
        width: 4032,
        height: 3024,
      });
    }
    dataDir = await mkdtemp(join(tmpdir(), 'shade-big-'));
    const env = {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      MEDIA_STORE: 'drive',
      DRIVE_ROOT_FOLDER_ID: rootId,
      DRIVE_API_ROOT_URL: fake.rootUrl,
      DRIVE_TOKEN_URL: fake.tokenUrl,
      GOOGLE_CREDENTIALS_JSON: JSON.stringify(fake.serviceAccountKey()),
    };
    running = await startServer({ ...loadConfig(env), logLevel: 'silent' }, createLogger('silent'), {
      STAFF_PASSWORD: 'big folder test',
    });
  }, 300_000);
  afterAll(async () => {
    await running?.close();
    await fake?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists every file, following Drive pagination to the end', async () => {
    const before = fake.calls('files.list');
    const list = async (): Promise<ApiMediaItem[] | null> => {
      const res = await fetch(`${running.url}/api/drive-images/${folderId}`);
      return res.ok ? ((await res.json()) as ApiMediaItem[]) : null;
    };
    // On a loaded machine the first request can pass its 4 s deadline while the 20 pages are read (a
    // 503); the listing it started still lands in the cache, and the visitor's next request gets it.
    let items = await list();
    for (let attempt = 0; !items && attempt < 20; attempt++) {
      await new Promise((done) => setTimeout(done, 1000));
      items = await list();
    }
    expect(items).toHaveLength(FILES);
    if (!items) return;
    expect(new Set(items.map((i) => i.id)).size).toBe(FILES);
    expect(items.at(-1)?.name).toBe('IMG_1999.jpg');
    expect(fake.calls('files.list') - before).toBeGreaterThanOrEqual(FILES / 100);
  });

  it('server-renders only the first screenful: bounded HTML and memory, the whole length in the payload', async () => {
    // The server runs in this process: its RSS is ours. The peak is the new high-water mark when
    // rendering set one, else the highest of samples taken while the request ran.
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    const rssBefore = process.memoryUsage().rss;
    const maxBefore = process.resourceUsage().maxRSS * 1024;
    let sampled = rssBefore;
    const sampler = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage().rss)), 5);
    let html: string;
    try {
      const res = await fetch(`${running.url}${PAGE}`);
      expect(res.status).toBe(200);
      html = await res.text();
    } finally {
      clearInterval(sampler);
    }
    const maxAfter = process.resourceUsage().maxRSS * 1024;
    const peak = maxAfter > maxBefore ? maxAfter : Math.max(sampled, process.memoryUsage().rss);
    const growth = peak - rssBefore;
    // Measured: about 341 KB (four breakpoint albums of 48 tiles) (all 2,000 tiles made 6.3 MB).
    expect(html.length).toBeLessThan(400_000);
    expect(html).toContain(`data-tile="${PAGE_ITEMS - 1}"`);
    expect(html).not.toContain(`data-tile="${PAGE_ITEMS}"`);
    expect(html).not.toContain('IMG_0048.jpg');
    expect(html).toMatch(new RegExp(`"partial":\\{"[^"]*${folderId}":${FILES}\\}`));
    // Measured on the 2-core machine: +7-22 MB (rendering all 2,000 tiles took the server up about
    // 270 MB). Growth is what the page costs; the worker's RSS before it depends on the test files it
    // ran earlier (195-400 MB), so it is printed, not bounded.
    expect(mb(growth)).toBeLessThan(150);
    console.info(
      `2,000-file gallery page: ${html.length} bytes of HTML; server RSS ${mb(rssBefore)} MB before, peak ${mb(peak)} MB (+${mb(growth)} MB)`,
    );
  });
});
