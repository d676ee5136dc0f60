import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { mutate, rng } from '../../engine/fuzz.ts';
import { fuzzRuns } from '../../testing/fuzz-budget.ts';
import { readManifest } from '../../engine/node/read.ts';
import { publishedLanguages, siteIn, type Catalogue } from '../../engine/index.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { createApp } from '../app.ts';
import { createDataCache, createSiteData } from '../data/site-data.ts';
import { createLogger } from '../log.ts';
import { LocalStore } from '../media/local.ts';
import { startLiveSite } from './reload.ts';

/** Random edits reloaded by the running site: 1,000 with `npm run fuzz` (testing/fuzz-budget.ts). */
const RUNS = fuzzRuns(1000);
const ENTRY = `export const render = async (_shell, payload) => ({ html: '<main>' + payload.path + '</main>', css: '', islands: [] });\n`;

let dir = '';
afterAll(() => rm(dir, { recursive: true, force: true }));

it(
  `a running site reloading ${RUNS} randomly broken manifests keeps serving, and swaps in the valid ones`,
  { timeout: 300_000 },
  async () => {
    dir = await mkdtemp(join(tmpdir(), 'shade-reload-fuzz-'));
    await cp('manifest', join(dir, 'manifest'), { recursive: true });
    const distDir = join(dir, 'dist');
    await mkdir(join(distDir, 'server'), { recursive: true });
    await mkdir(join(distDir, 'client', '.vite'), { recursive: true });
    await writeFile(join(distDir, 'client', '.vite', 'manifest.json'), '{}');
    await writeFile(join(distDir, 'server', 'entry-server.js'), ENTRY);
    const dataDir = join(dir, 'data');
    const logger = createLogger('silent');
    const store = new LocalStore({ dataDir });
    const cache = createDataCache({});
    const build = async (catalogue: Catalogue) => {
      const data = createSiteData({ catalogue, store, cache, slotImages: async () => ({}) });
      return createApp({ config: { dataDir }, catalogue, data, logger, distDir });
    };
    const initial = loadCatalogue('manifest', dir);
    if (!initial.ok) throw new Error('the manifest is invalid');
    const live = await startLiveSite({
      catalogue: initial.catalogue,
      build,
      logger,
      cwd: dir,
      watch: false,
      sighup: false,
    });
    const server = createServer(live.holder.handle).listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { sources } = readManifest('manifest', dir);
      const random = rng(7);
      const outcomes: Record<string, number> = {};
      for (let i = 0; i < RUNS; i++) {
        const { sources: mutated, what } = mutate(sources, random);
        for (const s of mutated) await writeFile(join(dir, s.file), s.text);
        const outcome = await live.reload();
        outcomes[outcome.kind] = (outcomes[outcome.kind] ?? 0) + 1;
        expect(outcome.kind, what).not.toBe('failed');
        // Started from a valid catalogue, the site always serves one.
        const serving = live.holder.current!.catalogue;
        // Whatever the edit did, the site answers: the home page (when the catalogue has one) and the API.
        if (serving.pages.some((p) => p.path === '/')) expect((await fetch(`${base}/`)).status, what).toBe(200);
        expect((await fetch(`${base}/api/products`)).status, what).toBe(200);
        const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
        // Each page at its address in each language it is published in.
        const addresses = publishedLanguages(serving).reduce((n, l) => n + siteIn(serving, l).sitemap.length, 0);
        expect(sitemap.match(/<url>/g)?.length ?? 0, what).toBe(addresses);
      }
      console.log(`reload fuzz: ${JSON.stringify(outcomes)}`);
      expect(outcomes['invalid']).toBeGreaterThan(0);
    } finally {
      live.close();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  },
);
