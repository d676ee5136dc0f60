import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStore } from '../media/local.ts';
import { ffmpegPath } from './ffmpeg.ts';
import { makeClip } from './fixtures.ts';
import { createVideoConversions } from './index.ts';

const FOLDER = 'Legacy/Videos';
const ffmpeg = ffmpegPath();

/**
 * The transcode queue runs `VIDEO_TRANSCODES` (default 1) ffmpeg transcodes at once. Observed on disk:
 * a transcode writes `<id>.<version>.mp4.<pid>.tmp` from ffmpeg's start until it is complete.
 */
describe('the transcode queue (real ffmpeg)', () => {
  let dataDir: string;
  let store: LocalStore;
  let folderId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shade-video-queue-'));
    const dir = join(dataDir, 'media', ...FOLDER.split('/'));
    await mkdir(dir, { recursive: true });
    // Long enough that two transcodes started together overlap for a good part of a second.
    await makeClip(ffmpeg, join(dir, 'first.avi'), 'mpeg4-avi', { seconds: 4, size: '480x270' });
    await makeClip(ffmpeg, join(dir, 'second.avi'), 'mpeg4-avi', { seconds: 4, size: '480x270' });
    store = new LocalStore({ dataDir });
    folderId = (await store.resolveFolder(FOLDER))!;
  }, 60_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** Converts both AVIs with `env` and returns the most transcodes seen running at once. */
  const mostAtOnce = async (env: NodeJS.ProcessEnv, cache: string): Promise<{ most: number; seen: number }> => {
    const videos = createVideoConversions({ dataDir: join(dataDir, cache), store }, env);
    const dir = join(dataDir, cache, 'cache', 'video');
    const running = () => {
      try {
        return readdirSync(dir).filter((n) => /\.mp4\.\d+\.tmp$/.test(n));
      } catch {
        return [];
      }
    };
    let most = 0;
    const seen = new Set<string>();
    const watch = setInterval(() => {
      const now = running();
      for (const n of now) seen.add(n);
      most = Math.max(most, now.length);
    }, 5);
    try {
      for (const f of await store.listFolder(folderId)) videos.consider(f);
      await videos.idle();
    } finally {
      clearInterval(watch);
    }
    const files = await store.listFolder(folderId);
    for (const f of files) {
      expect(videos.state(f.id)).toBe('ready');
      expect(videos.method(f.id)).toBe('transcode');
    }
    return { most, seen: seen.size };
  };

  it('runs one transcode at a time by default: the second starts after the first ends', async () => {
    const { most, seen } = await mostAtOnce({}, 'default');
    expect(seen).toBe(2);
    expect(most).toBe(1);
  }, 60_000);

  it('runs VIDEO_TRANSCODES=2 side by side (the observation can see overlap)', async () => {
    const { most, seen } = await mostAtOnce({ VIDEO_TRANSCODES: '2' }, 'two');
    expect(seen).toBe(2);
    expect(most).toBe(2);
  }, 60_000);
});
