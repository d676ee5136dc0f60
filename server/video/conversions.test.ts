import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStore } from '../media/local.ts';
import { toMediaItem } from '../data/media-items.ts';
import { VideoConversions } from './conversions.ts';
import { ffmpegPath, parseStreams, probe } from './ffmpeg.ts';
import { makeClip } from './fixtures.ts';

const FOLDER = 'Awnings/Videos';
const ffmpeg = ffmpegPath();

/** Whether the MP4's index (moov) comes before its media data (mdat): faststart. */
async function moovFirst(path: string): Promise<boolean> {
  const handle = await open(path);
  try {
    let offset = 0;
    const header = Buffer.alloc(8);
    for (;;) {
      const { bytesRead } = await handle.read(header, 0, 8, offset);
      if (bytesRead < 8) return false;
      const type = header.toString('latin1', 4, 8);
      if (type === 'moov') return true;
      if (type === 'mdat') return false;
      offset += header.readUInt32BE(0);
    }
  } finally {
    await handle.close();
  }
}

describe('VideoConversions (real ffmpeg)', () => {
  let dataDir: string;
  let store: LocalStore;
  let folderId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shade-video-'));
    const dir = join(dataDir, 'media', ...FOLDER.split('/'));
    await mkdir(dir, { recursive: true });
    await makeClip(ffmpeg, join(dir, 'IMG_0421.MOV'), 'h264-mov');
    await makeClip(ffmpeg, join(dir, 'old-demo.avi'), 'mpeg4-avi');
    await makeClip(ffmpeg, join(dir, 'no-poster.mp4'), 'h264-mp4');
    store = new LocalStore({ dataDir });
    folderId = (await store.resolveFolder(FOLDER)) as string;
  }, 60_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('reads codecs from ffmpeg’s report', () => {
    const report = `  Stream #0:0(und): Video: hevc (Main) (hvc1 / 0x31637668), yuv420p\n  Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz`;
    expect(parseStreams(report)).toEqual({ video: 'hevc', audio: 'aac' });
    expect(parseStreams('Stream #0:0: Video: h264 (High)')).toEqual({ video: 'h264', audio: null });
  });

  it('remuxes an H.264 MOV, transcodes an AVI, extracts a frame, and listings follow readiness', async () => {
    const videos = new VideoConversions({ dir: join(dataDir, 'cache', 'video'), store, ffmpeg, maxDiskBytes: 1e9 });
    const files = await store.listFolder(folderId);
    const items = () => videos.decorate(files.map(toMediaItem));
    const byName = (name: string) => items().find((i) => i.name === name)!;

    for (const f of files) videos.consider(f);
    // Before the work is done the listing is what the store says: MOV and AVI not playable.
    expect(videos.state(byName('IMG_0421.MOV').id)).toBe('pending');
    expect(byName('IMG_0421.MOV')).toMatchObject({ playable: false, url: expect.stringMatching(/^\/media\/file\//) });
    await videos.idle();

    const mov = byName('IMG_0421.MOV');
    const avi = byName('old-demo.avi');
    expect(mov).toMatchObject({ playable: true, url: expect.stringMatching(/^\/media\/video\//) });
    expect(avi).toMatchObject({ playable: true, url: expect.stringMatching(/^\/media\/video\//) });
    expect(videos.method(mov.id)).toBe('remux');
    expect(videos.method(avi.id)).toBe('transcode');
    // The original stays downloadable as it is.
    expect(mov.downloadUrl).toBe(`/media/file/${mov.id}?download=1`);

    const version = (url: string) => url.split('/').pop()!;
    for (const item of [mov, avi]) {
      const made = (await videos.playableFile(item.id, version(item.url)))!;
      expect(await moovFirst(made.path)).toBe(true);
      expect(await probe(ffmpeg, made.path)).toEqual({ video: 'h264', audio: 'aac' });
    }

    // The MP4 without a poster gets an extracted frame as its tile and poster.
    const clip = byName('no-poster.mp4');
    expect(clip.posterUrl).toMatch(/^\/media\/thumb\/.+\/large$/);
    const frame = (await videos.frame(clip.id, clip.posterUrl!.split('/')[4]!))!;
    expect((await sharp(frame).metadata()).width).toBe(320);
  }, 120_000);

  it('marks a file ffmpeg cannot read as failed, never playable', async () => {
    const dir = join(dataDir, 'media', 'Broken', 'Videos');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'broken.mov'), Buffer.alloc(4096, 7));
    const id = (await store.resolveFolder('Broken/Videos'))!;
    const videos = new VideoConversions({ dir: join(dataDir, 'cache', 'video2'), store, ffmpeg, maxDiskBytes: 1e9 });
    const [file] = await store.listFolder(id);
    videos.consider(file!);
    await videos.idle();
    expect(videos.state(file!.id)).toBe('failed');
    expect(videos.decorate([toMediaItem(file!)])[0]!.playable).toBe(false);
    // Nothing half-made is left behind.
    expect(
      await readFile(join(dataDir, 'cache', 'video2', `${file!.id}.${file!.version}.mp4`)).catch(() => null),
    ).toBeNull();
  }, 60_000);
});
