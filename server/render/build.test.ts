import { cp, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadCatalogue } from '../../engine/node/read.ts';
import { demoDataTemplate } from '../../scripts/demo-media.ts';
import { createDataCache, createSiteData } from '../data/site-data.ts';
import { createLogger } from '../log.ts';
import { LocalStore } from '../media/local.ts';
import { createRenderRouter } from './index.ts';

let base = '';
let dataDir = '';
let entry = '';
let close: () => Promise<void> = async () => {};

/** A stand-in server bundle that counts its renders in a global. */
const COUNTING = `export const render = async () => {
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  return { html: '<main>rendered</main>', css: '', islands: [] };
};
`;
const renders = (): number => (globalThis as { __renders?: number }).__renders ?? 0;

beforeAll(async () => {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid.');
  const catalogue = built.catalogue;
  dataDir = await mkdtemp(join(tmpdir(), 'render-build-test-'));
  await cp(await demoDataTemplate(catalogue), dataDir, { recursive: true });
  const distDir = join(dataDir, 'dist');
  await mkdir(join(distDir, 'server'), { recursive: true });
  await mkdir(join(distDir, 'client', '.vite'), { recursive: true });
  await writeFile(join(distDir, 'client', '.vite', 'manifest.json'), '{}');
  entry = join(distDir, 'server', 'entry-server.js');
  // A half-written build: importing it fails.
  await writeFile(entry, 'export const render = ;\n');
  const logger = createLogger('silent');
  const data = createSiteData({
    catalogue,
    store: new LocalStore({ dataDir }),
    cache: createDataCache({}),
    slotImages: async () => ({}),
  });
  const app = express().use(createRenderRouter({ data, catalogue, distDir, logger }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close());

it('a server bundle that failed to load is loaded again once it is fixed', async () => {
  expect((await fetch(`${base}/screens`)).status).toBe(500);
  await writeFile(entry, COUNTING);
  const later = new Date(Date.now() + 5000);
  await utimes(entry, later, later);
  const res = await fetch(`${base}/screens`);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<main>rendered</main>');
});

it('remembers a rendered page by path: query strings do not render it again', async () => {
  await fetch(`${base}/screens`);
  const before = renders();
  for (const query of ['?a=1', '?a=2', '?utm_source=x', '']) {
    const res = await fetch(`${base}/screens${query}`);
    expect(res.status).toBe(200);
  }
  expect(renders()).toBe(before);
});
