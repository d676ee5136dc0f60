import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { getJson, postJson } from './client.ts';
import type { SuiteContext } from './context.ts';

const jpeg = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

/** Refresh, single flight over HTTP, stale-if-error and 503 with nothing cached. */
export function cachingTests(ctx: SuiteContext): void {
  const base = () => ctx.target.baseUrl;
  const folderPath = (productId: string) => ctx.catalogue.products.find((p) => p.id === productId)?.folder ?? '';

  it('Refresh reloads one folder: a new file shows after POST /api/refresh/:folderId', async () => {
    const id = ctx.folderOf('faux-wood-blinds');
    const before = await getJson<ApiMediaItem[]>(base(), `/api/drive-images/${id}`);
    await ctx.target.addFile(folderPath('faux-wood-blinds'), 'zz-new-photo.jpg', await jpeg());
    const cached = await getJson<ApiMediaItem[]>(base(), `/api/drive-images/${id}`);
    expect(cached.body).toEqual(before.body);
    const refreshed = await postJson<ApiMediaItem[]>(base(), `/api/refresh/${id}`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('cache-control')).toBe('no-store');
    const added = refreshed.body.find((i) => i.name === 'zz-new-photo.jpg');
    expect(added).toMatchObject({ kind: 'image', width: 300, height: 200 });
    const after = await getJson<ApiMediaItem[]>(base(), `/api/drive-images/${id}`);
    expect(after.body).toEqual(refreshed.body);
    expect((await postJson(base(), '/api/refresh/..%2Fx')).status).toBe(400);
    expect((await postJson(base(), `/api/refresh/${'A'.repeat(20)}`)).status).toBe(404);
    expect((await postJson(base(), '/api/refresh-aggregated/motorized-screens')).status).toBe(200);
  });

  it('500 concurrent requests for one cold folder make exactly one upstream list call', async () => {
    const id = ctx.folderOf('silhouette-shades');
    const before = await ctx.target.listCalls();
    const answers = await Promise.all(
      Array.from({ length: 500 }, () => fetch(new URL(`/api/drive-images/${id}`, base())).then((r) => r.status)),
    );
    expect(new Set(answers)).toEqual(new Set([200]));
    expect((await ctx.target.listCalls()) - before).toBe(1);
  });

  it('keeps answering a cached listing when the upstream fails, and 503 with a message when nothing is cached', async () => {
    const cachedId = ctx.folderOf('plantation-shutters');
    const coldId = ctx.folderOf('woven-wood-shades');
    const listing = await getJson<ApiMediaItem[]>(base(), `/api/drive-images/${cachedId}`);
    expect(listing.status).toBe(200);
    await ctx.target.setUpstreamFailing(true);
    try {
      const again = await getJson<ApiMediaItem[]>(base(), `/api/drive-images/${cachedId}`);
      expect(again).toMatchObject({ status: 200, body: listing.body });
      // A refresh cannot reach the store: the last listing still answers.
      const refreshed = await postJson<ApiMediaItem[]>(base(), `/api/refresh/${cachedId}`);
      expect(refreshed).toMatchObject({ status: 200, body: listing.body });
      expect((await getJson(base(), `/api/drive-images/${cachedId}`)).status).toBe(200);
      const cold = await getJson<{ error: string }>(base(), `/api/drive-images/${coldId}`);
      expect(cold.status).toBe(503);
      expect(cold.headers.get('cache-control')).toBe('no-store');
      expect(Number(cold.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(cold.body.error).toMatch(/try again/i);
      expect(JSON.stringify(cold.body)).not.toMatch(/\n\s+at /);
    } finally {
      await ctx.target.setUpstreamFailing(false);
    }
    // Healed by itself once the store answers again (on a loaded machine the first answer may still
    // be the last failure's, within its pause: asked again until it heals, with a hang guard).
    await expect
      .poll(async () => (await getJson(base(), `/api/drive-images/${coldId}`)).status, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(200);
  });
}
