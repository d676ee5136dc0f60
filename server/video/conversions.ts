import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pLimit from 'p-limit';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { urlVersion } from '../media/ids.ts';
import type { Logger } from '../log.ts';
import { isPlayable, isVideo } from '../media/mime.ts';
import type { MediaStore, StoreFile } from '../media/types.ts';
import { ThumbCache } from '../imaging/thumbs.ts';
import { frameArgs, probe, remuxable, remuxArgs, runFfmpeg, transcodeArgs } from './ffmpeg.ts';

export type Readiness = 'pending' | 'ready' | 'failed';

/** What is known of one listed video: its playable MP4 and its extracted poster frame, when needed. */
interface Entry {
  readonly version: string;
  mp4: Readiness | null;
  frame: Readiness | null;
  /** How the MP4 was made, once known. */
  how?: 'remux' | 'transcode';
}

export interface VideoConversionsOptions {
  /** Directory of the converted files (`<fileId>.<version>.mp4`, `<fileId>.<version>.jpg`). */
  readonly dir: string;
  readonly store: Pick<MediaStore, 'openFile'>;
  readonly ffmpeg: string;
  /** Disk kept for converted videos and frames; past it the least recently used are deleted. */
  readonly maxDiskBytes: number;
  /** Transcodes at once (CPU bound: 1 on a 2-core machine). */
  readonly transcodeConcurrency?: number;
  readonly logger?: Logger;
}

/** URL of a converted video: content-addressed by the source's version. */
export const videoUrl = (fileId: string, version: string): string => `/media/video/${fileId}/${version}`;

/**
 * Makes phone and legacy videos play in a browser. A listed video that a browser cannot play gets an
 * MP4: remuxed without re-encoding when its streams are H.264/AAC (a QuickTime `.mov` from a phone),
 * else transcoded to H.264 in a queue of `transcodeConcurrency`; a video without a poster gets a frame.
 * Work happens in the background; listings say a video is playable (and point at the MP4) once it
 * is. Files live on disk, bounded like thumbnails (least recently used deleted first).
 */
export class VideoConversions {
  /** Conversions (a video's MP4 and poster frame) ended since the start, failed, and the seconds they took. */
  readonly stats = { done: 0, failed: 0, seconds: 0 };
  private readonly entries = new Map<string, Entry>();
  // Fetching and remuxing are I/O bound; transcoding is CPU bound and has its own, smaller queue.
  private readonly fetches = pLimit(2);
  private readonly transcodes: ReturnType<typeof pLimit>;
  private readonly jobs = new Set<Promise<void>>();
  private readonly disk: ThumbCache;

  constructor(private readonly options: VideoConversionsOptions) {
    this.transcodes = pLimit(options.transcodeConcurrency ?? 1);
    // The same least-recently-used sweep as thumbnails (mtime is last use; stale temp files go too).
    this.disk = new ThumbCache(options.dir, { maxDiskBytes: options.maxDiskBytes });
  }

  private base(fileId: string, version: string): string {
    return join(this.options.dir, `${fileId}.${version}`);
  }

  /** Notes a listed file; starts what a video needs (MP4, poster frame) unless done or under way. */
  consider(file: StoreFile): void {
    if (!isVideo(file.name, file.mimeType)) return;
    const needsMp4 = !isPlayable(file.name, file.mimeType);
    const needsFrame = file.hasThumbnail === false;
    if (!needsMp4 && !needsFrame) return;
    const version = urlVersion(file.version);
    const known = this.entries.get(file.id);
    if (known?.version === version) return;
    const base = this.base(file.id, version);
    const entry: Entry = {
      version,
      mp4: needsMp4 ? (existsSync(`${base}.mp4`) ? 'ready' : 'pending') : null,
      frame: needsFrame ? (existsSync(`${base}.jpg`) ? 'ready' : 'pending') : null,
    };
    this.entries.set(file.id, entry);
    if (entry.mp4 === 'pending' || entry.frame === 'pending') this.track(this.work(file, entry));
  }

  /** A listing as visitors get it: converted videos playable from their MP4, extracted frames as posters. */
  decorate(items: readonly ApiMediaItem[]): ApiMediaItem[] {
    return items.map((item) => {
      const entry = item.kind === 'video' ? this.entries.get(item.id) : undefined;
      if (!entry) return item;
      let out = item;
      // `url` and `mimeType` describe what the URL serves; `downloadUrl` stays the original file.
      if (entry.mp4 === 'ready')
        out = { ...out, playable: true, url: videoUrl(item.id, entry.version), mimeType: 'video/mp4' };
      else if (entry.mp4 === 'pending') out = { ...out, converting: true };
      if (entry.frame === 'ready' && !out.posterUrl) {
        const thumb = (size: string) => `/media/thumb/${item.id}/${entry.version}/${size}`;
        out = {
          ...out,
          thumbnailUrl: thumb('tile'),
          previewUrl: thumb('preview'),
          mediumUrl: thumb('medium'),
          largeUrl: thumb('large'),
          posterUrl: thumb('large'),
        };
      }
      return out;
    });
  }

  /** Readiness of a video's MP4 (null: not a video that needs one, or not listed yet). */
  state(fileId: string): Readiness | null {
    return this.entries.get(fileId)?.mp4 ?? null;
  }

  /** How the MP4 of a file was made, once it was. */
  method(fileId: string): 'remux' | 'transcode' | undefined {
    return this.entries.get(fileId)?.how;
  }

  /** The MP4 of this version on disk, or null (not made, or swept since). */
  async playableFile(fileId: string, version: string): Promise<{ path: string; size: number } | null> {
    const entry = this.entries.get(fileId);
    if (entry?.version !== version || entry.mp4 !== 'ready') return null;
    const path = `${this.base(fileId, version)}.mp4`;
    const info = await stat(path).catch(() => null);
    if (!info) {
      // Swept to stay under the limit: the next listing makes it again.
      this.entries.delete(fileId);
      return null;
    }
    const now = new Date();
    void utimes(path, now, now).catch(() => undefined);
    return { path, size: info.size };
  }

  /** The extracted poster frame of a video, or null. */
  async frame(fileId: string, version: string): Promise<Buffer | null> {
    const entry = this.entries.get(fileId);
    if (entry?.version !== version || entry.frame !== 'ready') return null;
    return readFile(`${this.base(fileId, version)}.jpg`).catch(() => null);
  }

  /** Conversions queued or running now. */
  get queued(): number {
    return this.jobs.size;
  }

  /** Resolves when no conversion is queued or running (tests, benchmarks, shutdown). */
  async idle(): Promise<void> {
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs]);
  }

  private track(job: Promise<void>): void {
    this.jobs.add(job);
    void job.finally(() => this.jobs.delete(job));
  }

  private async work(file: StoreFile, entry: Entry): Promise<void> {
    const { ffmpeg, logger } = this.options;
    const started = performance.now();
    const base = this.base(file.id, entry.version);
    const source = `${base}.source.tmp`;
    const outcome = (fn: () => Promise<void>) =>
      fn().then(
        () => 'ready' as const,
        (error: unknown) => {
          logger?.warn({ err: error, fileId: file.id, name: file.name }, 'video conversion failed');
          return 'failed' as const;
        },
      );
    try {
      const remux = await this.fetches(async () => {
        await mkdir(this.options.dir, { recursive: true });
        const opened = await this.options.store.openFile(file.id);
        await pipeline(opened.stream, createWriteStream(source));
        if (entry.frame === 'pending') {
          entry.frame = await outcome(async () => {
            await this.write(`${base}.jpg`, async (tmp) => {
              await runFfmpeg(ffmpeg, frameArgs(source, tmp, 1));
              // A clip shorter than a second has no frame there: take its first.
              if (!(await stat(tmp).catch(() => null))?.size) await runFfmpeg(ffmpeg, frameArgs(source, tmp, 0));
            });
          });
        }
        if (entry.mp4 !== 'pending') return null;
        const streams = await probe(ffmpeg, source);
        if (!remuxable(streams)) return false;
        entry.how = 'remux';
        entry.mp4 = await outcome(() => this.write(`${base}.mp4`, (tmp) => runFfmpeg(ffmpeg, remuxArgs(source, tmp))));
        return true;
      });
      if (remux === false) {
        entry.how = 'transcode';
        entry.mp4 = await this.transcodes(() =>
          outcome(() => this.write(`${base}.mp4`, (tmp) => runFfmpeg(ffmpeg, transcodeArgs(source, tmp)))),
        );
      }
    } catch (error) {
      logger?.warn({ err: error, fileId: file.id }, 'video could not be fetched for conversion');
      if (entry.mp4 === 'pending') entry.mp4 = 'failed';
      if (entry.frame === 'pending') entry.frame = 'failed';
    } finally {
      await rm(source, { force: true }).catch(() => undefined);
    }
    this.stats[entry.mp4 === 'failed' || entry.frame === 'failed' ? 'failed' : 'done']++;
    this.stats.seconds += (performance.now() - started) / 1000;
    if (entry.mp4 === 'ready') logger?.info({ fileId: file.id, name: file.name, how: entry.how }, 'video ready');
  }

  /** Makes `target` through a temp file (renamed when complete), then keeps the directory bounded. */
  private async write(target: string, make: (tmp: string) => Promise<unknown>): Promise<void> {
    const tmp = `${target}.${process.pid}.tmp`;
    try {
      await make(tmp);
      await rename(tmp, target);
    } finally {
      await rm(tmp, { force: true }).catch(() => undefined);
    }
    void this.disk.sweep();
  }
}
