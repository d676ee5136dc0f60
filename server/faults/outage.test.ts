import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiProduct } from '../../engine/shared/api.ts';
import { catalogue, hit, leaves, startFaultSite, type FaultSite } from '../../testing/fault-site.ts';

/**
 * Drive down with a cold cache, through the real googleapis client against the fake Drive: errors
 * are errors (503, uncacheable, the page's error text), failures are remembered (later answers come
 * without asking Drive), rate limits pause a kind of call for everyone, and the site heals on the
 * next probe. Counts, statuses and headers only: no elapsed times.
 */
const gallery = catalogue.pages.find(
  (p) => p.kind === 'image-gallery' && p.folder && !p.path.includes(':') && !(p.texts['error'] ?? '{').includes('{'),
)!;
const errorText = gallery.texts['error']!;
const emptyText = gallery.texts['emptyTitle'] ?? 'No Images Found';

let site: FaultSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const expectUncacheable503 = (answer: { status: number; headers: Headers }) => {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.headers.get('cdn-cache-control')).toBeNull();
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
};

describe('cold cache, Drive down', () => {
  it('pages show their error text uncacheably, APIs and media answer 503, later answers cost Drive nothing, and it heals', async () => {
    site = await startFaultSite();
    const s = site;
    const fileId = [...s.fake.state.files.values()].find((f) => f.mimeType === 'image/jpeg')!.id;
    s.fake.faults.failAll('backendError');

    const page = await hit(s.base, gallery.path);
    expectUncacheable503(page);
    expect(page.text).toContain(errorText);
    expect(page.text).toContain('data-testid="gallery-error"');
    expect(page.text).not.toContain('data-testid="gallery-empty"');
    expect(page.text).not.toContain(`<h2>${emptyText}</h2>`);
    // The gallery island's props say the same, so it hydrates into the error, not "empty".
    expect(page.text).toMatch(/"source":null,"unresolved":true/);

    expectUncacheable503(await hit(s.base, '/api/products'));
    const thumb = await hit(s.base, `/media/thumb/${fileId}/v1/tile`);
    const file = await hit(s.base, `/media/file/${fileId}`);
    expect([thumb.status, file.status]).toEqual([503, 503]);
    expect(JSON.parse(file.text)).toEqual({ error: expect.stringMatching(/try again/i) });

    // From now on every failure is remembered: 30 more requests of every kind ask Drive nothing.
    const before = s.upstream();
    const again = await Promise.all(
      Array.from({ length: 10 }, () => [
        hit(s.base, gallery.path),
        hit(s.base, '/api/products'),
        hit(s.base, `/media/file/${fileId}`),
      ]).flat(),
    );
    expect(again.map((a) => a.status)).toEqual(Array(30).fill(503));
    expect(s.upstream() - before).toBe(0);

    // Drive is back; once the pause has passed, one probe closes the breaker and everything heals.
    s.fake.faults.failAll(null);
    s.advance(60_000);
    const healed = await hit(s.base, gallery.path);
    expect(healed.status).toBe(200);
    expect(healed.headers.get('cdn-cache-control')).toMatch(/s-maxage/);
    expect(healed.text).not.toContain('data-testid="gallery-error"');
    expect(healed.text).toContain('photo 1.jpg');
    expect((await hit(s.base, '/api/products')).status).toBe(200);
    expect((await hit(s.base, `/media/file/${fileId}`)).status).toBe(200);
  });

  it('with the token endpoint down too: one token request per pause, not one per visitor', async () => {
    site = await startFaultSite();
    const s = site;
    s.fake.failNext('token', 10_000, 'backendError');
    const answers = await Promise.all(Array.from({ length: 20 }, () => hit(s.base, '/api/products')));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(503));
    // The first wave of parallel calls (the folder walk asks up to 8 at once) may each ask for a
    // token before the first failure is known; after that, none.
    const tokenCalls = s.upstream('token');
    expect(tokenCalls).toBeGreaterThanOrEqual(1);
    expect(tokenCalls).toBeLessThanOrEqual(8);
    // Within the pause nobody asks; after it, one probe.
    for (let i = 0; i < 10; i++) expect((await hit(s.base, gallery.path)).status).toBe(503);
    expect(s.upstream('token')).toBe(tokenCalls);
    s.advance(60_000);
    await Promise.all(Array.from({ length: 10 }, () => hit(s.base, '/api/products')));
    expect(s.upstream('token')).toBe(tokenCalls + 1);
    // The endpoint is back: the next probe gets a token and the site heals.
    s.fake.faults.clearFailures();
    s.advance(60_000);
    expect((await hit(s.base, '/api/products')).status).toBe(200);
    expect((await hit(s.base, gallery.path)).status).toBe(200);
  });
});

describe('rate limits, slow answers, broken pagination', () => {
  it('a 403 userRateLimitExceeded with Retry-After pauses listings for everyone for that long', async () => {
    site = await startFaultSite();
    const s = site;
    const products = JSON.parse((await hit(s.base, '/api/products')).text) as ApiProduct[];
    const folders = [...new Set(products.map((p) => p.driveFolderId).filter((id): id is string => !!id))];
    expect(folders.length).toBeGreaterThan(5);
    s.fake.faults.retryAfterSeconds = 30;
    s.fake.failNext('files.list', 10_000, 'userRateLimitExceeded');
    const lists = s.upstream('files.list');
    const first = await hit(s.base, `/api/drive-images/${folders[0]}`);
    expect(first.status).toBe(503);
    // Drive's answer asked for 30 s: no retry fits in the request, so one call.
    expect(s.upstream('files.list') - lists).toBe(1);
    const others = await Promise.all(folders.slice(1, 6).map((id) => hit(s.base, `/api/drive-images/${id}`)));
    for (const answer of others) {
      expectUncacheable503(answer);
      expect(Number(answer.headers.get('retry-after'))).toBe(30);
    }
    expect(s.upstream('files.list') - lists).toBe(1);
    s.advance(29_000);
    expect((await hit(s.base, `/api/drive-images/${folders[1]}`)).status).toBe(503);
    expect(s.upstream('files.list') - lists).toBe(1);
    s.fake.faults.clearFailures();
    s.advance(2_000);
    expect((await hit(s.base, `/api/drive-images/${folders[1]}`)).status).toBe(200);
  });

  it('slow Drive: visitors get 503 at the deadline, Drive gets one call, and its late answer is kept', async () => {
    site = await startFaultSite({ deadlineMs: 200 });
    const s = site;
    await hit(s.base, '/api/products');
    const id = s.folder(leaves[0]!);
    s.fake.faults.setLatency(1500, 'files.list');
    const answers = await Promise.all(Array.from({ length: 5 }, () => hit(s.base, `/api/drive-images/${id}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(503));
    expect(s.fake.calls('files.list', `'${id}' in parents`)).toBe(1);
    await vi.waitFor(() => expect(s.fake.faults.callsOf('files.list', `'${id}' in parents`)[0]?.status).toBe(200), {
      timeout: 15_000,
    });
    s.fake.faults.setLatency(0, 'files.list');
    await vi.waitFor(async () => expect((await hit(s.base, `/api/drive-images/${id}`)).status).toBe(200));
    expect(s.fake.calls('files.list', `'${id}' in parents`)).toBe(1);
  });

  it('a listing whose second page fails is an error, never a partial gallery', async () => {
    site = await startFaultSite({ maxPageSize: 2 });
    const s = site;
    await hit(s.base, '/api/products');
    const id = s.folder(leaves[0]!);
    s.fake.faults.failLaterPages('backendError');
    const answer = await hit(s.base, `/api/drive-images/${id}`);
    expectUncacheable503(answer);
    s.fake.faults.failLaterPages(null);
    s.advance(60_000);
    const healed = await hit(s.base, `/api/drive-images/${id}`);
    expect(healed.status).toBe(200);
    expect((JSON.parse(healed.text) as unknown[]).length).toBe(3);
  });
});
