import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { getBytes, getJson, postJson, raw } from './client.ts';
import type { SuiteContext } from './context.ts';

const metadataOf = (bytes: Buffer) => sharp(bytes).metadata();

/** Range streaming, downloads, thumbnails (formats, sizes, caching), a corrupt image. */
export function mediaTests(ctx: SuiteContext): void {
  const base = () => ctx.target.baseUrl;
  let mp4: ApiMediaItem;
  let whole: Buffer;
  let photo: ApiMediaItem;

  /** Puts a file into a product's folder behind the server's back, then refreshes that listing. */
  const addAndRefresh = async (productId: string, name: string, bytes: Buffer) => {
    const folder = ctx.catalogue.products.find((p) => p.id === productId)?.folder ?? '';
    await ctx.target.addFile(folder, name, bytes);
    const listing = await postJson<ApiMediaItem[]>(base(), `/api/refresh/${ctx.folderOf(productId)}`);
    return { folder, item: listing.body.find((i) => i.name === name) };
  };

  beforeAll(async () => {
    const videos = await getJson<ApiMediaItem[]>(
      base(),
      `/api/drive-images/${ctx.folderOf('screen-garage-doors-videos')}`,
    );
    const photos = await getJson<ApiMediaItem[]>(base(), `/api/drive-images/${ctx.folderOf('cellular-shades')}`);
    const foundVideo = videos.body.find((i) => i.mimeType === 'video/mp4');
    const foundPhoto = photos.body.find((i) => i.kind === 'image');
    if (!foundVideo || !foundPhoto) throw new Error('The demo media lack an MP4 or a photo.');
    mp4 = foundVideo;
    photo = foundPhoto;
  });

  it('streams a whole video with Accept-Ranges and its length', async () => {
    const res = await getBytes(base(), mp4.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-security-policy')).not.toMatch(/sandbox/); // a sandboxed video page cannot play it
    expect(Number(res.headers.get('content-length'))).toBe(res.body.length);
    expect(res.body.subarray(4, 8).toString('latin1')).toBe('ftyp');
    whole = res.body;
  });

  it.each([
    ['the first bytes', 'bytes=0-99', (n: number) => [0, 99, n]],
    ['a middle range', 'bytes=1000-1999', (n: number) => [1000, 1999, n]],
    ['an open-ended range', 'bytes=5000-', (n: number) => [5000, n - 1, n]],
    ['a suffix range', 'bytes=-500', (n: number) => [n - 500, n - 1, n]],
  ])('answers %s with 206 and exactly those bytes', async (_name, header, expected) => {
    const res = await getBytes(base(), mp4.url, { Range: header });
    const [start, end, size] = expected(whole.length) as [number, number, number];
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
    expect(Number(res.headers.get('content-length'))).toBe(end - start + 1);
    expect(res.body.equals(whole.subarray(start, end + 1))).toBe(true);
  });

  it('answers 416 for a range past the end, and ignores a malformed one', async () => {
    const past = await getBytes(base(), mp4.url, { Range: `bytes=${whole.length + 10}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    expect(JSON.parse(past.body.toString())).toEqual({ error: expect.any(String) });
    // The body is the JSON error, not the file: no validator or type of the file goes with it.
    expect(past.headers.get('content-type')).toMatch(/^application\/json/);
    expect(past.headers.get('etag')).toBeNull();
    expect(past.headers.get('content-disposition')).toBeNull();
    const malformed = await getBytes(base(), mp4.url, { Range: 'bytes=abc' });
    expect(malformed.status).toBe(200);
    expect(malformed.body.length).toBe(whole.length);
  });

  it('offers downloads with Content-Disposition: attachment and the file name', async () => {
    const res = await getBytes(base(), mp4.downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?.*\.mp4"?/);
  });

  it('serves original photos under the site policy, never sniffed', async () => {
    const res = await getBytes(base(), photo.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['image/avif,image/webp,*/*', 'image/webp'],
    ['image/avif,image/jpeg;q=0.8', 'image/avif'],
    ['image/jpeg,*/*;q=0.8', 'image/jpeg'],
    ['', 'image/jpeg'],
  ])('picks the thumbnail format by Accept %j -> %s', async (accept, type) => {
    const res = await getBytes(base(), photo.thumbnailUrl ?? '', accept ? { Accept: accept } : {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('vary')).toMatch(/Accept/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await metadataOf(res.body);
    expect([meta.width, meta.height]).toEqual([400, 400]);
  });

  it('makes 800x600 previews and large images that keep the aspect ratio', async () => {
    const preview = await metadataOf((await getBytes(base(), photo.previewUrl ?? '')).body);
    expect([preview.width, preview.height]).toEqual([800, 600]);
    const large = await metadataOf((await getBytes(base(), photo.largeUrl ?? '')).body);
    expect(Math.max(large.width, large.height)).toBeLessThanOrEqual(1600);
    expect(large.width / large.height).toBeCloseTo((photo.width ?? 0) / (photo.height ?? 1), 1);
  });

  it('serves a video poster as an image, and 304 for a repeated thumbnail request', async () => {
    const poster = await getBytes(base(), mp4.posterUrl ?? '', { Accept: 'image/webp' });
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/webp');
    const etag = poster.headers.get('etag') ?? '';
    const again = await raw(base(), mp4.posterUrl ?? '', { headers: { Accept: 'image/webp', 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('redirects an old thumbnail version to the current one and refuses unknown sizes', async () => {
    const old = (photo.thumbnailUrl ?? '').replace(/\/[^/]+\/tile$/, '/old-version/tile');
    const moved = await getBytes(base(), old);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe(photo.thumbnailUrl);
    const badSize = await getJson(base(), (photo.thumbnailUrl ?? '').replace(/tile$/, 'huge'));
    expect(badSize.status).toBe(400);
  });

  it('answers 404, not a server error, for a file removed after it was listed', async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const { folder, item } = await addAndRefresh('blackout-shades', 'zz-vanishing.jpg', photo);
    expect(item?.thumbnailUrl).toBeDefined();
    await ctx.target.removeFile(folder, 'zz-vanishing.jpg');
    // The cached listing still names it (for up to 2 minutes): its thumbnail and file are simply gone.
    for (const url of [(item?.thumbnailUrl ?? '').replace(/tile$/, 'medium'), item?.url ?? '']) {
      const res = await getBytes(base(), url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('answers a corrupt image with a JSON error and keeps serving', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600, 7)]);
    const { item: corrupt } = await addAndRefresh('solar-shades', 'zz-corrupt.jpg', bytes);
    expect(corrupt).toBeDefined();
    // A store may know up front that it cannot make a thumbnail; then it offers no URL, which is fine.
    for (const size of corrupt?.thumbnailUrl ? ['tile', 'large'] : []) {
      const res = await getBytes(base(), (corrupt?.thumbnailUrl ?? '').replace(/tile$/, size));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(600);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(res.body.toString())).toEqual({ error: expect.any(String) });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await getBytes(base(), photo.thumbnailUrl ?? '')).status).toBe(200);
    expect((await getJson(base(), '/api/products')).status).toBe(200);
  });
}
