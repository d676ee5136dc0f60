import pMap from 'p-map';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogue, hit, leaves, startFaultSite, type FaultSite } from '../../testing/fault-site.ts';

/**
 * The breaker for Drive as a whole, through the real googleapis client against the fake Drive: with
 * Drive down and the listings cold, requests for ever more distinct folders, files and pages cost Drive
 * a bounded number of calls (counted in the fake), and heal together after one probe; one folder that
 * is missing or failing alone never stops the others. Counts and statuses only: no elapsed times.
 */
let site: FaultSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

/** Longest pause of the breaker: advancing this far always lets the next probe through. */
const MAX_PAUSE_MS = 30_000;

const galleries = catalogue.pages
  .filter((p) => (p.kind === 'image-gallery' || p.kind === 'video-gallery') && p.folder && !p.path.includes(':'))
  .map((p) => p.path);

/** A site whose folder map is known (as after any first page) while every listing is cold. */
async function warmMap(): Promise<FaultSite> {
  const s = await startFaultSite();
  expect((await hit(s.base, '/api/products')).status).toBe(200);
  return s;
}

/** Every request, 8 at a time (as a busy site would ask), with its status. */
const ask = (s: FaultSite, paths: readonly string[]) =>
  pMap(paths, async (path) => ({ path, ...(await hit(s.base, path)) }), { concurrency: 8 });

describe('Drive down, listings cold, many distinct keys', () => {
  it('costs Drive a bounded number of calls, answers 503 without asking, and heals after the probe', async () => {
    site = await warmMap();
    const s = site;
    const folders = leaves.map((p) => s.folder(p));
    const files = [...s.fake.state.files.values()].filter((f) => f.mimeType.startsWith('image/')).map((f) => f.id);
    const paths = [
      ...folders.map((id) => `/api/drive-images/${id}`),
      ...files.slice(0, 20).map((id) => `/media/file/${id}`),
      ...galleries.slice(0, 6),
    ];
    // Without the breaker each of these keys fails through its own retries (5 attempts each).
    expect(folders.length).toBeGreaterThan(30);
    s.fake.faults.failAll('backendError');

    const before = s.upstream();
    const first = await ask(s, paths);
    expect(first.filter((a) => a.status !== 503)).toEqual([]);
    const burst = s.upstream() - before;
    // The calls already under way when the breaker opened (8 requests, a listing asks twice), not one per key.
    expect(burst).toBeLessThanOrEqual(30);

    // From now on: one probe per pause, whatever is asked, and the answers are refusals.
    for (let round = 0; round < 2; round++) {
      const at = s.upstream();
      const answers = await ask(s, paths);
      expect(s.upstream() - at).toBe(0);
      for (const a of answers) {
        expect(a.status).toBe(503);
        expect(a.headers.get('cache-control')).toBe('no-store');
        expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      s.advance(MAX_PAUSE_MS);
      const probed = s.upstream();
      expect((await ask(s, paths)).every((a) => a.status === 503)).toBe(true);
      expect(s.upstream() - probed).toBe(1);
    }

    // Drive is back: after the pause the next probe closes the breaker, and every key heals with it.
    s.fake.faults.failAll(null);
    s.advance(MAX_PAUSE_MS);
    const healed = await ask(s, paths);
    expect(healed.filter((a) => a.status !== 200)).toEqual([]);
  }, 120_000);
});

describe('one folder, not Drive', () => {
  it('folders Drive says are missing (404) or forbidden (403) do not open the breaker: the next cold folder is listed', async () => {
    site = await warmMap();
    const s = site;
    // More such folders than the breaker's threshold of distinct keys; every call about them is refused.
    const refused = leaves.slice(0, 8).map((p) => s.folder(p));
    refused.forEach((id, i) => s.fake.faults.failAbout(id, i % 2 ? 'notFound' : 'insufficientFilePermissions'));
    for (const id of refused) {
      const answer = await hit(s.base, `/api/drive-images/${id}`);
      expect(answer.status).not.toBe(200);
    }
    expect(s.fake.faults.log.filter((c) => refused.some((id) => c.subject.includes(id))).length).toBeGreaterThan(8);
    const other = s.folder(leaves[8]!);
    const answer = await hit(s.base, `/api/drive-images/${other}`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toHaveLength(3);
  });

  it('one folder failing 5xx alone keeps its own breaker: it costs one call per pause, the others are listed', async () => {
    site = await warmMap();
    const s = site;
    const bad = s.folder(leaves[0]!);
    s.fake.faults.failAbout(bad, 'backendError');
    const callsAboutBad = () => s.fake.faults.log.filter((c) => c.subject.includes(bad)).length;
    expect((await hit(s.base, `/api/drive-images/${bad}`)).status).toBe(503);
    for (let round = 0; round < 4; round++) {
      const at = callsAboutBad();
      const answers = await Promise.all(Array.from({ length: 10 }, () => hit(s.base, `/api/drive-images/${bad}`)));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(503));
      expect(callsAboutBad() - at).toBe(0);
      s.advance(MAX_PAUSE_MS);
      await hit(s.base, `/api/drive-images/${bad}`);
      expect(callsAboutBad() - at).toBe(1);
    }
    const others = await ask(
      s,
      leaves.slice(1, 9).map((p) => `/api/drive-images/${s.folder(p)}`),
    );
    expect(others.map((a) => a.status)).toEqual(Array(8).fill(200));
  });
});
