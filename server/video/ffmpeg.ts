import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The ffmpeg binary: `FFMPEG_PATH` when set (e.g. Debian's `/usr/bin/ffmpeg`), else the static
 * build that the npm package `@ffmpeg-installer/ffmpeg` ships inside its platform tarball
 * (nothing is downloaded at install time).
 */
export function ffmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FFMPEG_PATH) return env.FFMPEG_PATH;
  const path = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  // The package's postinstall (chmod u+x) is not approved in allowScripts; the tarball's mode usually is.
  try {
    accessSync(path, constants.X_OK);
  } catch {
    chmodSync(path, 0o755);
  }
  return path;
}

/**
 * Runs ffmpeg; resolves with its stderr (where it reports streams), rejects on a non-zero exit (the
 * error says the exit code and the last lines of stderr; the conversion is then marked as failed).
 */
export function runFfmpeg(
  binary: string,
  args: readonly string[],
  options: { allowFailure?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // Only the head matters (stream descriptions) and the tail (the error): keep it bounded.
      stderr = stderr.length > 64_000 ? stderr.slice(0, 16_000) + stderr.slice(-16_000) + chunk : stderr + chunk;
    });
    child.on('error', (error) => reject(new Error(`ffmpeg could not start (${binary}): ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0 || options.allowFailure) resolve(stderr);
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

export interface Streams {
  /** Codec names as ffmpeg reports them ('h264', 'hevc', 'aac', ...), first video/audio stream. */
  readonly video: string | null;
  readonly audio: string | null;
}

/** The codecs of ffmpeg's stream report (`Stream #0:0(und): Video: h264 (High) ...`). Pure. */
export function parseStreams(report: string): Streams {
  const video = /Stream #\d+:\d+[^:]*: Video: (\w+)/.exec(report)?.[1] ?? null;
  const audio = /Stream #\d+:\d+[^:]*: Audio: (\w+)/.exec(report)?.[1] ?? null;
  return { video, audio };
}

/** Whether a browser plays these streams once in an MP4 container (then a remux is enough). */
export const remuxable = (s: Streams): boolean =>
  s.video === 'h264' && (s.audio === null || s.audio === 'aac' || s.audio === 'mp3');

/** What ffmpeg reports about a file's streams. */
export async function probe(binary: string, file: string): Promise<Streams> {
  // Without an output ffmpeg exits 1 after printing the input's streams: that is the probe.
  return parseStreams(await runFfmpeg(binary, ['-i', file], { allowFailure: true }));
}

/** ffmpeg arguments: same streams into MP4 with the index at the front (no re-encode). */
export const remuxArgs = (input: string, output: string): string[] => [
  '-y',
  '-i',
  input,
  '-map',
  '0:v:0',
  '-map',
  '0:a:0?',
  '-c',
  'copy',
  '-movflags',
  '+faststart',
  '-f',
  'mp4',
  output,
];

/** ffmpeg arguments: H.264/AAC MP4 a browser plays, one thread (the machine's other core serves). */
export const transcodeArgs = (input: string, output: string, threads = 1): string[] => [
  ...['-y', '-i', input, '-map', '0:v:0', '-map', '0:a:0?'],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-threads', String(threads)],
  ...['-vf', "scale='min(1920,iw)':-2", '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'mp4', output],
];

/** ffmpeg arguments: one JPEG frame (a second in, or the first frame of a shorter clip). */
export const frameArgs = (input: string, output: string, seconds: number): string[] => [
  '-y',
  '-ss',
  String(seconds),
  '-i',
  input,
  '-frames:v',
  '1',
  '-q:v',
  '3',
  '-f',
  'image2',
  '-c:v',
  'mjpeg',
  output,
];
