import { expect, it } from 'vitest';
import type { ApiFolderPreview, ApiMediaItem, ApiProduct } from '../../engine/shared/api.ts';
import { getJson, raw } from './client.ts';
import type { SuiteContext } from './context.ts';

const ID = /^[A-Za-z0-9_-]{1,128}$/;
const UNKNOWN_ID = 'A'.repeat(20);

/** Products, listings, aggregates, previews, bad ids, unknown paths, ETags. */
export function apiTests(ctx: SuiteContext): void {
  const base = () => ctx.target.baseUrl;

  it('lists every product of the manifest, each with its fields and an opaque folder id', async () => {
    const { status, headers, body } = await getJson<ApiProduct[]>(base(), '/api/products');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body.map((p) => p.id)).toEqual(ctx.catalogue.products.map((p) => p.id));
    for (const p of body) {
      expect(p).toMatchObject({ id: expect.any(String), name: expect.any(String), category: expect.any(String) });
      expect(Array.isArray(p.features)).toBe(true);
      expect(p).not.toHaveProperty('folder'); // folder paths stay on the server
      const withFolder = ctx.catalogue.products.find((c) => c.id === p.id)?.folder;
      if (withFolder) expect(p.driveFolderId).toMatch(ID);
      else expect(p.driveFolderId).toBeUndefined();
    }
  });

  it('filters products by ?category=', async () => {
    const { body } = await getJson<ApiProduct[]>(base(), '/api/products?category=screens');
    const expected = ctx.catalogue.products.filter((p) => p.category === 'screens').map((p) => p.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.map((p) => p.id)).toEqual(expected);
    expect((await getJson<ApiProduct[]>(base(), '/api/products?category=no-such')).body).toEqual([]);
    expect((await getJson(base(), '/api/products?category=a&category=b')).status).toBe(400);
  });

  it('lists a photo folder with sizes, same-origin URLs and thumbnails', async () => {
    const { status, body } = await getJson<ApiMediaItem[]>(base(), `/api/drive-images/${ctx.folderOf('roman-shades')}`);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(3);
    const names = body.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
    for (const item of body) {
      expect(item.id).toMatch(ID);
      expect(item.fileId).toBe(item.id);
      expect(item).toMatchObject({ kind: 'image', url: `/media/file/${item.id}` });
      expect(item.mimeType).toMatch(/^image\//);
      expect(item.downloadUrl).toBe(`/media/file/${item.id}?download=1`);
      expect(item.width).toBeGreaterThan(0);
      expect(item.height).toBeGreaterThan(0);
      for (const url of [item.thumbnailUrl, item.previewUrl, item.largeUrl]) expect(url).toMatch(/^\/media\/thumb\//);
    }
    expect(new Set(body.map((i) => (i.width ?? 0) / (i.height ?? 1))).size).toBeGreaterThan(1);
  });

  it('lists a video folder: MP4 playable, MOV not, each with a poster', async () => {
    const { body } = await getJson<ApiMediaItem[]>(
      base(),
      `/api/drive-images/${ctx.folderOf('screen-pool-cages-videos')}`,
    );
    const mp4 = body.find((i) => i.mimeType === 'video/mp4');
    const mov = body.find((i) => i.mimeType === 'video/quicktime');
    expect(mp4).toMatchObject({ kind: 'video', playable: true });
    expect(mov).toMatchObject({ kind: 'video', playable: false });
    for (const v of [mp4, mov]) expect(v?.posterUrl).toMatch(/^\/media\/thumb\//);
  });

  it('an empty folder lists as [] and has no preview', async () => {
    const product = ctx.catalogue.products.find((p) => p.folder === ctx.target.emptyFolderPath);
    const id = ctx.folderOf(product?.id ?? '');
    expect((await getJson(base(), `/api/drive-images/${id}`)).body).toEqual([]);
    expect((await getJson<ApiFolderPreview>(base(), `/api/drive-preview/${id}`)).body).toEqual({ previewUrl: null });
  });

  it('combines the folders of an aggregate type', async () => {
    const { status, body } = await getJson<ApiMediaItem[]>(base(), '/api/drive-images-aggregated/motorized-screens');
    expect(status).toBe(200);
    const folders = ctx.catalogue.aggregates['motorized-screens'] ?? [];
    expect(body.length).toBeGreaterThanOrEqual(folders.length * 2);
    expect(new Set(body.map((i) => i.kind))).toEqual(new Set(['image', 'video']));
    const unknown = await getJson<{ error: string }>(base(), '/api/drive-images-aggregated/no-such-type');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/no-such-type/);
  });

  it('gives a folder preview URL that serves an image', async () => {
    const { body } = await getJson<ApiFolderPreview>(base(), `/api/drive-preview/${ctx.folderOf('roman-shades')}`);
    expect(body.previewUrl).toMatch(/^\/media\/thumb\/.+\/preview$/);
    const res = await fetch(new URL(body.previewUrl ?? '', base()));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
  });

  it('answers the preview-image map as an object', async () => {
    const { status, body } = await getJson<Record<string, unknown>>(base(), '/api/preview-images');
    expect(status).toBe(200);
    expect(typeof body).toBe('object');
    expect(Array.isArray(body)).toBe(false);
  });

  it('refuses malformed ids with 400 JSON and never reads outside the store', async () => {
    const bad = [
      '/api/drive-images/..%2F..%2Fetc',
      '/api/drive-images/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/api/drive-images/a%2Fb',
      '/api/drive-images/%2e%2e',
      '/api/drive-images/..%5C..%5Coutside-secret.txt',
      '/api/drive-images/abc.def',
      `/api/drive-images/${'a'.repeat(200)}`,
      '/api/drive-images/%00',
      '/api/drive-preview/..%2Foutside-secret.txt',
      '/api/drive-images-aggregated/..%2F..%2Fetc',
      '/media/file/..%2F..%2Foutside-secret.txt',
      '/media/file/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      `/media/file/${'b'.repeat(129)}`,
      '/media/thumb/..%2Foutside-secret.txt/v1/tile',
      '/media/thumb/abc/..%2F..%2F/tile',
    ];
    for (const path of bad) {
      const res = await raw(base(), path);
      expect(res.status, path).toBe(400);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
      expect(JSON.parse(res.text), path).toEqual({ error: expect.any(String) });
    }
    const literal = [
      '/api/drive-images/../../outside-secret.txt',
      '/media/file/../../etc/passwd',
      '/media/../outside-secret.txt',
    ];
    for (const path of [...bad, ...literal]) {
      const res = await raw(base(), path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.text, path).not.toContain(ctx.target.outsideSecret);
      expect(res.text, path).not.toContain('root:x:0:0');
    }
  });

  it('answers 404 JSON for an unknown folder, file, endpoint or method', async () => {
    for (const path of [
      `/api/drive-images/${UNKNOWN_ID}`,
      `/api/drive-preview/${UNKNOWN_ID}`,
      `/media/file/${UNKNOWN_ID}`,
    ]) {
      const res = await getJson<{ error: string }>(base(), path);
      expect(res.status, path).toBe(404);
      expect(res.body.error, path).toEqual(expect.any(String));
    }
    expect((await getJson(base(), '/api/no-such-endpoint')).status).toBe(404);
    const post = await fetch(new URL('/api/products', base()), { method: 'POST' });
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ error: expect.any(String) });
  });

  it('sends Cache-Control and an ETag on every API GET, and 304 for a matching If-None-Match', async () => {
    const folder = ctx.folderOf('roman-shades');
    const paths = [
      '/api/products',
      '/api/products?category=screens',
      '/api/preview-images',
      `/api/drive-images/${folder}`,
      `/api/drive-preview/${folder}`,
      '/api/drive-images-aggregated/motorized-screens',
    ];
    for (const path of paths) {
      const first = await fetch(new URL(path, base()));
      const etag = first.headers.get('etag');
      expect(first.headers.get('cache-control'), path).toMatch(/max-age=\d+|no-cache/);
      expect(etag, path).toBeTruthy();
      // Raw HTTP: fetch adds 'Cache-Control: no-cache' to conditional requests, which rightly defeats 304.
      const again = await raw(base(), path, { headers: { 'If-None-Match': etag ?? '' } });
      expect(again.status, path).toBe(304);
    }
    const listing = await fetch(new URL(`/api/drive-images/${folder}`, base()));
    expect(listing.headers.get('cache-control')).toMatch(/s-maxage=\d+.*stale-while-revalidate=\d+/);
    // Slot images: a browser revalidates every time (a new upload shows on the next load); only CDNs
    // may serve them a few seconds stale.
    const preview = await fetch(new URL('/api/preview-images', base()));
    expect(preview.headers.get('cache-control')).toBe('no-cache');
    expect(preview.headers.get('cdn-cache-control')).toMatch(/s-maxage=\d+/);
  });
}
