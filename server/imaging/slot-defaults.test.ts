import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadCatalogue } from '../../engine/node/read.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { defaultsStatic, pendingDefaults } from '../middleware/static.ts';
import { defaultFileOf, writeDefaults } from './slot-defaults.ts';

const built = loadCatalogue();
if (!built.ok) throw new Error('The manifest is invalid.');
const catalogue = built.catalogue;
const names = [...new Set(catalogue.slots.flatMap((s) => defaultFileOf(s.fallback) ?? []))];
let dataDir = '';
let base = '';
let close = async () => {};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'slot-defaults-'));
  const app = express().use('/defaults', defaultsStatic(dataDir), pendingDefaults(catalogue));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    await new Promise((done) => server.close(done));
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close());

it('answers every built-in image of the catalogue, a neutral one (not cached) until it is written, never 404', async () => {
  expect(names.length).toBeGreaterThan(5);
  const before = await Promise.all(names.map((n) => fetch(`${base}/defaults/${n}`)));
  for (const res of before) {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe(CACHE.none);
  }
  expect((await fetch(`${base}/defaults/not-a-slot.jpg`)).status).toBe(404);

  expect(await writeDefaults(dataDir, catalogue)).toBe(names.length);
  expect(await writeDefaults(dataDir, catalogue)).toBe(0);
  const neutral = new Uint8Array(await before[0]!.arrayBuffer());
  const after = await fetch(`${base}/defaults/${names[0]}`);
  expect(after.status).toBe(200);
  expect(after.headers.get('cache-control')).toBe(CACHE.defaults);
  expect(new Uint8Array(await after.arrayBuffer())).not.toEqual(neutral);
});
