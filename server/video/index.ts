import { join } from 'node:path';
import type { Logger } from '../log.ts';
import type { MediaStore } from '../media/types.ts';
import { VideoConversions } from './conversions.ts';
import { ffmpegPath } from './ffmpeg.ts';

export { VideoConversions } from './conversions.ts';

/** Default disk for converted videos (`VIDEO_CACHE_MB`). */
export const VIDEO_CACHE_MB = 4096;

/**
 * The server's video conversions: `DATA_DIR/cache/video`, bounded by `VIDEO_CACHE_MB`, ffmpeg from
 * `FFMPEG_PATH` or the npm package, transcodes one at a time (`VIDEO_TRANSCODES`).
 */
export function createVideoConversions(
  deps: { dataDir: string; store: MediaStore; logger?: Logger },
  env: NodeJS.ProcessEnv = process.env,
): VideoConversions {
  const mb = Number(env.VIDEO_CACHE_MB ?? VIDEO_CACHE_MB);
  const transcodes = Number(env.VIDEO_TRANSCODES ?? 1);
  return new VideoConversions({
    dir: join(deps.dataDir, 'cache', 'video'),
    store: deps.store,
    ffmpeg: ffmpegPath(env),
    maxDiskBytes: (Number.isFinite(mb) && mb > 0 ? mb : VIDEO_CACHE_MB) * 1024 * 1024,
    transcodeConcurrency: Number.isInteger(transcodes) && transcodes > 0 ? transcodes : 1,
    logger: deps.logger,
  });
}
