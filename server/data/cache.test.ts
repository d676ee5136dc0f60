import { describe, expect, it } from 'vitest';
import { Cache, type CachePolicy } from './cache.ts';

const policy: CachePolicy = { freshMs: 120_000, staleMs: 60_000, errorMs: 3_600_000, negativeMs: 10_000 };

/** A cache on a clock the test moves by hand, and an upstream that counts its calls. */
function setup(options: { maxEntries?: number } = {}) {
  let now = 1_000_000;
  const cache = new Cache({
    policies: { listing: policy },
    clock: () => now,
    maxEntries: options.maxEntries,
    isNegative: (e) => e instanceof Error && e.message === 'not found',
  });
  const upstream = {
    calls: 0,
    fail: null as Error | null,
    value: 'v1',
    load: async (): Promise<string> => {
      upstream.calls++;
      await new Promise((r) => setImmediate(r));
      if (upstream.fail) throw upstream.fail;
      return upstream.value;
    },
  };
  return { cache, upstream, advance: (ms: number) => (now += ms) };
}

describe('Cache', () => {
  it('shares one upstream call between 500 concurrent gets of a cold key', async () => {
    const { cache, upstream } = setup();
    const results = await Promise.all(Array.from({ length: 500 }, () => cache.get('listing', 'f1', upstream.load)));
    expect(upstream.calls).toBe(1);
    expect(new Set(results)).toEqual(new Set(['v1']));
  });

  it('serves a fresh value without calling the upstream, then reloads after the TTL', async () => {
    const { cache, upstream, advance } = setup();
    await cache.get('listing', 'f1', upstream.load);
    advance(119_999);
    upstream.value = 'v2';
    expect(await cache.get('listing', 'f1', upstream.load)).toBe('v1');
    expect(upstream.calls).toBe(1);
    // Past fresh + stale windows: the get waits for the new value.
    advance(60_002);
    expect(await cache.get('listing', 'f1', upstream.load)).toBe('v2');
    expect(upstream.calls).toBe(2);
  });

  it('serves the stale value while one background call revalidates it', async () => {
    const { cache, upstream, advance } = setup();
    await cache.get('listing', 'f1', upstream.load);
    advance(130_000);
    upstream.value = 'v2';
    const [a, b] = await Promise.all([
      cache.get('listing', 'f1', upstream.load),
      cache.get('listing', 'f1', upstream.load),
    ]);
    expect([a, b]).toEqual(['v1', 'v1']);
    await new Promise((r) => setTimeout(r, 5));
    expect(upstream.calls).toBe(2);
    expect(await cache.get('listing', 'f1', upstream.load)).toBe('v2');
  });

  it('serves the stale value when the upstream fails, and throws when nothing is cached', async () => {
    const { cache, upstream, advance } = setup();
    await cache.get('listing', 'f1', upstream.load);
    advance(200_000);
    upstream.fail = new Error('upstream down');
    expect(await cache.get('listing', 'f1', upstream.load)).toBe('v1');
    expect(cache.stats.staleOnError).toBe(1);
    await expect(cache.get('listing', 'cold', upstream.load)).rejects.toThrow('upstream down');
    // Too old even for stale-if-error.
    advance(3_600_000);
    await expect(cache.get('listing', 'f1', upstream.load)).rejects.toThrow('upstream down');
  });

  it('refresh reloads a fresh entry, shares concurrent refreshes, and falls back on failure', async () => {
    const { cache, upstream } = setup();
    await cache.get('listing', 'f1', upstream.load);
    upstream.value = 'v2';
    const both = await Promise.all([
      cache.refresh('listing', 'f1', upstream.load),
      cache.refresh('listing', 'f1', upstream.load),
    ]);
    expect(both).toEqual(['v2', 'v2']);
    expect(upstream.calls).toBe(2);
    upstream.fail = new Error('down');
    expect(await cache.refresh('listing', 'f1', upstream.load)).toBe('v2');
  });

  it('invalidate makes the next get wait for the upstream', async () => {
    const { cache, upstream } = setup();
    await cache.get('listing', 'f1', upstream.load);
    upstream.value = 'v2';
    cache.invalidate('listing', 'f1');
    expect(await cache.get('listing', 'f1', upstream.load)).toBe('v2');
  });

  it('a value loaded before an invalidation does not overwrite the newer one', async () => {
    const { cache } = setup();
    const slow = (value: string, ms: number) => () => new Promise<string>((r) => setTimeout(() => r(value), ms));
    const first = cache.get('listing', 'f1', slow('old', 20));
    cache.invalidate('listing', 'f1');
    const second = cache.get('listing', 'f1', slow('new', 1));
    expect(await second).toBe('new');
    expect(await first).toBe('old');
    expect(await cache.get('listing', 'f1', slow('never', 1))).toBe('new');
  });

  it('remembers negative answers for their own TTL', async () => {
    const { cache, upstream, advance } = setup();
    upstream.fail = new Error('not found');
    await expect(cache.get('listing', 'x', upstream.load)).rejects.toThrow('not found');
    await expect(cache.get('listing', 'x', upstream.load)).rejects.toThrow('not found');
    expect(upstream.calls).toBe(1);
    advance(10_001);
    await expect(cache.get('listing', 'x', upstream.load)).rejects.toThrow('not found');
    expect(upstream.calls).toBe(2);
  });

  it('stays within its bound, dropping the least recently used', async () => {
    const { cache, upstream } = setup({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) await cache.get('listing', key, upstream.load);
    await cache.get('listing', 'a', upstream.load);
    await cache.get('listing', 'd', upstream.load);
    expect(cache.size).toBe(3);
    expect(cache.has('listing', 'b')).toBe(false);
    expect(cache.has('listing', 'a')).toBe(true);
  });

  it('a refresh soon after another answers its value; a plain get does not count as a refresh', async () => {
    const { cache, upstream, advance } = setup();
    const refresh = () => cache.refresh('listing', 'k', upstream.load, { minIntervalMs: 10_000 });
    await cache.get('listing', 'k', upstream.load);
    await refresh();
    expect(upstream.calls).toBe(2);
    upstream.value = 'v2';
    expect(await refresh()).toBe('v1');
    expect(upstream.calls).toBe(2);
    advance(10_001);
    expect(await refresh()).toBe('v2');
    expect(upstream.calls).toBe(3);
    cache.invalidate('listing', 'k');
    await refresh();
    expect(upstream.calls).toBe(4);
  });

  it('bounds each kind on its own and never evicts a pinned entry', async () => {
    const cache = new Cache({
      policies: { listing: policy, folder: { ...policy, maxEntries: 2 }, file: { ...policy, maxEntries: 3 } },
      maxEntries: 10,
      pinned: (kind, key) => kind === 'folder' && key === 'map',
    });
    const load = (value: string) => async () => value;
    await cache.get('folder', 'map', load('the map'));
    await cache.get('listing', 'l1', load('listing'));
    // Many files: only older files go.
    for (let i = 0; i < 50; i++) await cache.get('file', `f${i}`, load('file'));
    expect(cache.has('listing', 'l1')).toBe(true);
    expect(cache.has('folder', 'map')).toBe(true);
    expect(cache.has('file', 'f49')).toBe(true);
    expect(cache.has('file', 'f46')).toBe(false);
    // Folders beyond their bound: the pinned map, although least recently used, stays.
    for (const key of ['p1', 'p2', 'p3']) await cache.get('folder', key, load(key));
    expect(cache.has('folder', 'map')).toBe(true);
    expect(cache.has('folder', 'p3')).toBe(true);
    expect(cache.has('folder', 'p1')).toBe(false);
    expect(cache.size).toBe(1 + 3 + 2);
  });

  it('refuses a kind without a policy', async () => {
    const { cache, upstream } = setup();
    await expect(cache.get('nope', 'k', upstream.load)).rejects.toThrow("No cache policy for kind 'nope'");
  });
});
