import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStore } from '../../server/media/local.ts';
import { VideoConversions } from '../../server/video/conversions.ts';
import { ffmpegPath } from '../../server/video/ffmpeg.ts';
import { makeClip } from '../../server/video/fixtures.ts';

const FOLDER = 'Bench/Videos';
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/**
 * Phone video conversions (server/video/): the remux of a ~100 MB H.264 MOV (no re-encode, I/O
 * bound) and transcode throughput of the queue (HEVC and AVI clips to H.264) with its concurrency.
 * Baseline in the same run: copying the 100 MB file.
 */
export async function benchVideo(): Promise<void> {
  const ffmpeg = ffmpegPath();
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-video-'));
  try {
    const dir = join(dataDir, 'media', ...FOLDER.split('/'));
    await mkdir(dir, { recursive: true });
    console.log(`\nvideo (ffmpeg ${ffmpeg})`);
    // ~100 MB: 20 s of 1080p at 40 Mbit/s, as a phone records (index at the end).
    await makeClip(ffmpeg, join(dir, 'IMG_1000.MOV'), 'h264-mov', { seconds: 20, size: '1920x1080', bitrate: '40M' });
    const big = (await stat(join(dir, 'IMG_1000.MOV'))).size;
    let t = performance.now();
    await copyFile(join(dir, 'IMG_1000.MOV'), join(dataDir, 'copy.mov'));
    const copyMs = performance.now() - t;

    const store = new LocalStore({ dataDir });
    const folderId = (await store.resolveFolder(FOLDER))!;
    const remuxer = new VideoConversions({ dir: join(dataDir, 'cache', 'a'), store, ffmpeg, maxDiskBytes: 2 ** 33 });
    t = performance.now();
    for (const f of await store.listFolder(folderId)) remuxer.consider(f);
    await remuxer.idle();
    const remuxMs = performance.now() - t;
    console.log(
      `  remux ${mb(big)} MB MOV -> faststart MP4 (fetch + probe + copy): ${(remuxMs / 1000).toFixed(2)} s` +
        `  (plain file copy ${(copyMs / 1000).toFixed(2)} s, ratio ${(remuxMs / copyMs).toFixed(1)}x)`,
    );

    await rm(join(dir, 'IMG_1000.MOV'));
    const clips = 4;
    for (let i = 0; i < clips; i++) {
      await makeClip(ffmpeg, join(dir, `clip-${i}.${i % 2 ? 'avi' : 'mov'}`), i % 2 ? 'mpeg4-avi' : 'hevc-mov', {
        seconds: 10,
        size: '1280x720',
      });
    }
    for (const concurrency of [1, 2]) {
      const queue = new VideoConversions({
        dir: join(dataDir, 'cache', `t${concurrency}`),
        store,
        ffmpeg,
        maxDiskBytes: 2 ** 33,
        transcodeConcurrency: concurrency,
      });
      t = performance.now();
      for (const f of await store.listFolder(folderId)) queue.consider(f);
      await queue.idle();
      const s = (performance.now() - t) / 1000;
      console.log(
        `  transcode ${clips} x 10 s 720p (HEVC MOV, MPEG-4 AVI) -> H.264, concurrency ${concurrency}: ` +
          `${s.toFixed(1)} s, ${((clips * 10) / s).toFixed(2)} video-seconds per second`,
      );
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
