import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import express from 'express';
import { afterAll, expect, it } from 'vitest';
import { mutate, rng } from '../../engine/fuzz.ts';
import { fuzzRuns } from '../../testing/fuzz-budget.ts';
import { loadCatalogue, readManifest } from '../../engine/node/read.ts';
import { openSiteDatabase, SQLITE_FILE } from '../db/database.ts';
import { Accounts } from '../staff/accounts.ts';
import { StaffAuth } from '../staff/auth.ts';
import { Sessions } from '../staff/sessions.ts';
import { manifestApiRouter, tokenCheck } from './api.ts';
import { DEFAULT_BUILD_LIMITS, ManifestBuilder } from './builder.ts';
import { ServerRegistry } from './follow.ts';
import { ManifestVersions } from './versions.ts';

const NO_FRAME = { siteName: '', tools: [], signOutLabel: '' };

/** Seeded editing mistakes sent to the publish API: 300 with `npm run fuzz` (testing/fuzz-budget.ts). */
const RUNS = fuzzRuns(300);
const TOKEN = 'fuzz-token';

let dir = '';
afterAll(() => rm(dir, { recursive: true, force: true }));

it(`of ${RUNS} randomly broken drafts, no invalid one is published and the live version stays`, async () => {
  dir = await mkdtemp(join(tmpdir(), 'publish-fuzz-'));
  const database = await openSiteDatabase({ file: join(dir, SQLITE_FILE) });
  const versions = new ManifestVersions(database);
  const initial = loadCatalogue();
  if (!initial.ok) throw new Error('the manifest is invalid');
  const { sources } = readManifest();
  const files = sources.map((s) => ({ name: basename(s.file), text: s.text }));
  expect((await versions.publish({ base: 0, files, author: 'test', note: '', changes: [] })).ok).toBe(true);
  const builder = new ManifestBuilder(DEFAULT_BUILD_LIMITS);
  const app = express();
  app.use(
    manifestApiRouter({
      auth: new StaffAuth(new Sessions(database, new Accounts(database)), '/sign-in', NO_FRAME, ''),
      versions,
      registry: new ServerRegistry(database, 'fuzz'),
      live: () => initial.catalogue,
      published: async () => {},
      builder,
      built: { keep: () => {} },
      token: tokenCheck(TOKEN),
    }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { ok?: boolean; problems?: unknown[] } };
  };
  try {
    const random = rng(20);
    const seen = { invalid: 0, valid: 0 };
    for (let i = 0; i < RUNS; i++) {
      const broken = mutate(sources, random).sources.map((s) => ({ name: basename(s.file), text: s.text }));
      const checked = await post('/admin/api/manifest/check', { files: broken });
      expect(checked.status).toBe(200);
      if (checked.body.ok) {
        // Valid edits (a duplicated entry can be one) are checked only: versions do not pile up.
        seen.valid++;
        continue;
      }
      seen.invalid++;
      expect(checked.body.problems?.length).toBeGreaterThan(0);
      const published = await post('/admin/api/manifest/publish', { baseVersion: 1, files: broken, note: 'fuzz' });
      expect(published.status).toBe(422);
    }
    console.info(`publish fuzz: ${seen.invalid} invalid drafts refused, ${seen.valid} valid ones only checked`);
    expect(seen.invalid).toBeGreaterThan(RUNS / 2);
    expect((await versions.list()).map((v) => v.number)).toEqual([1]);
    expect((await versions.live())?.files).toEqual(files);
  } finally {
    server.close();
    await builder.close();
    await database.close();
  }
}, 300_000);
