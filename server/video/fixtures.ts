import { runFfmpeg } from './ffmpeg.ts';

/** Test and benchmark clips made with ffmpeg (never imported by the server). */
export type ClipKind = 'h264-mov' | 'hevc-mov' | 'mpeg4-avi' | 'h264-mp4';

const CODECS: Readonly<Record<ClipKind, readonly string[]>> = {
  'h264-mov': ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mov'],
  'hevc-mov': [
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-x265-params',
    'log-level=none',
    '-pix_fmt',
    'yuv420p',
    '-tag:v',
    'hvc1',
    '-c:a',
    'aac',
    '-f',
    'mov',
  ],
  'mpeg4-avi': ['-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'mp3', '-f', 'avi'],
  'h264-mp4': ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-an', '-f', 'mp4'],
};

/**
 * A test-pattern clip with a tone (no audio in MP4). `bitrate` (e.g. '40M') pads the video to a
 * wanted size for benchmarks. No faststart: a phone's MOV keeps its index at the end too.
 */
export async function makeClip(
  ffmpeg: string,
  out: string,
  kind: ClipKind,
  options: { seconds?: number; size?: string; bitrate?: string } = {},
): Promise<void> {
  const { seconds = 2, size = '320x180' } = options;
  const codec = [...CODECS[kind]];
  if (options.bitrate)
    codec.splice(
      codec.indexOf('-f'),
      0,
      '-b:v',
      options.bitrate,
      '-maxrate',
      options.bitrate,
      '-bufsize',
      options.bitrate,
    );
  await runFfmpeg(ffmpeg, [
    ...[
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${size}:rate=25`,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100',
    ],
    ...['-t', String(seconds), '-threads', '1'],
    ...codec,
    out,
  ]);
}
