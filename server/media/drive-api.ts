import { Readable, Transform } from 'node:stream';
import type { Logger } from 'pino';
import { drive, type drive_v3 } from 'googleapis/build/src/apis/drive/index.js';
import { withBackoff } from '../backoff.ts';
import type { DriveAuthClient } from './drive-auth.ts';
import { isRetryable, toStoreError } from './drive-errors.ts';
import { ALL_DRIVES, ALL_DRIVES_LIST, FOLDER_MIME } from './drive-query.ts';
import type { ByteRange } from './types.ts';

export type DriveFile = drive_v3.Schema$File;

export interface Download {
  readonly stream: Readable;
  /** Size of the whole file, when Drive said. */
  readonly size?: number;
  readonly mimeType: string;
}

export interface RetryOptions {
  /** Retries after the first attempt (default 4). */
  readonly retries?: number;
  /** First delay (default 250 ms); doubles each retry, with jitter, up to `maxMs` (default 8 s). */
  readonly baseMs?: number;
  readonly maxMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
}

export interface DriveApiOptions {
  readonly auth: DriveAuthClient;
  /** API root, e.g. 'https://www.googleapis.com/' or a fake's 'http://127.0.0.1:4000/'. */
  readonly rootUrl: string;
  readonly retry?: RetryOptions;
  readonly logger?: Logger;
}

/** What a failure was about, for its StoreError: "while <action>", "<subject> was not found". */
interface About {
  readonly action: string;
  readonly subject: string;
}

const TIMEOUT_MS = 30_000;

/** Skips to `start` and stops after `end` (inclusive): for a server that ignored the Range header. */
function slice(start: number, end: number): Transform {
  let at = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(0, start - at);
      const to = Math.min(chunk.length, end + 1 - at);
      at += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}

/**
 * The Drive v3 calls of the adapter, each bounded-retried with exponential backoff and jitter
 * (429, 5xx, 403 rate limits; the client's own retry is off so there is one policy) and its
 * failure turned into a StoreError. Every call names shared drives.
 */
export class DriveApi {
  readonly files: drive_v3.Resource$Files;
  private readonly rootUrl: string;

  constructor(private readonly options: DriveApiOptions) {
    this.rootUrl = options.rootUrl;
    this.files = drive({
      version: 'v3',
      auth: options.auth,
      rootUrl: options.rootUrl,
      retry: false,
      timeout: TIMEOUT_MS,
    }).files;
  }

  async call<T>(about: About, fn: () => Promise<T>): Promise<T> {
    const { retries = 4, baseMs = 250, maxMs = 8000, sleep, random } = this.options.retry ?? {};
    try {
      return await withBackoff(fn, {
        retries,
        baseMs,
        maxMs,
        isRetryable,
        ...(sleep ? { sleep } : {}),
        ...(random ? { random } : {}),
        onRetry: (error, attempt, delayMs) =>
          this.options.logger?.warn(
            { attempt, delayMs, status: (error as { status?: number }).status },
            `drive: retrying ${about.action}`,
          ),
      });
    } catch (error) {
      throw toStoreError(error, about.action, about.subject);
    }
  }

  /** Every file matching `q`, all pages. */
  async list(q: string, fields: string, about: About, orderBy = 'name_natural'): Promise<DriveFile[]> {
    const files: DriveFile[] = [];
    let pageToken: string | undefined;
    do {
      const token = pageToken;
      const page = await this.call(about, () =>
        this.files.list({
          q,
          fields,
          orderBy,
          pageSize: 1000,
          ...ALL_DRIVES_LIST,
          ...(token ? { pageToken: token } : {}),
        }),
      );
      files.push(...(page.data.files ?? []));
      pageToken = page.data.nextPageToken ?? undefined;
    } while (pageToken);
    return files;
  }

  async get(fileId: string, fields: string, about: About): Promise<DriveFile> {
    return (await this.call(about, () => this.files.get({ fileId, fields, ...ALL_DRIVES }))).data;
  }

  /** Like `get`, but null for a file that does not exist (or is not visible). */
  async find(fileId: string, fields: string, about: About): Promise<DriveFile | null> {
    return this.get(fileId, fields, about).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'not-found') return null;
      throw error;
    });
  }

  /**
   * The bytes of a file (alt=media), whole or a range, in one call: the whole size and the type come
   * from the response's Content-Range / Content-Length and Content-Type.
   */
  async download(fileId: string, about: About, range?: ByteRange): Promise<Download> {
    const headers: Record<string, string> = range ? { Range: `bytes=${range.start}-${range.end}` } : {};
    const res = await this.call(about, () =>
      this.files.get({ fileId, alt: 'media', ...ALL_DRIVES }, { responseType: 'stream', headers }),
    );
    const header = (name: string): string | null => {
      const h = res.headers as unknown as { get?: (n: string) => string | null } & Record<string, string | undefined>;
      return typeof h.get === 'function' ? h.get(name) : (h[name] ?? null);
    };
    const total =
      /\/(\d+)$/.exec(header('content-range') ?? '')?.[1] ?? (res.status === 200 ? header('content-length') : null);
    const mimeType = (header('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
    const stream = range && res.status === 200 ? res.data.pipe(slice(range.start, range.end)) : res.data;
    return { stream, ...(total ? { size: Number(total) } : {}), mimeType };
  }

  async downloadBuffer(fileId: string, about: About): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of (await this.download(fileId, about)).stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async createFolder(name: string, parentId: string, about: About): Promise<DriveFile> {
    const requestBody = { name, mimeType: FOLDER_MIME, parents: [parentId] };
    return (await this.call(about, () => this.files.create({ requestBody, fields: 'id,name', ...ALL_DRIVES }))).data;
  }

  /** A multipart upload (metadata and bytes in one request); `rootUrl` is passed again for /upload. */
  async upload(
    metadata: drive_v3.Schema$File,
    bytes: Buffer,
    mimeType: string,
    fields: string,
    about: About,
  ): Promise<DriveFile> {
    const res = await this.call(about, () =>
      this.files.create(
        { requestBody: metadata, media: { mimeType, body: Readable.from([bytes]) }, fields, ...ALL_DRIVES },
        { rootUrl: this.rootUrl },
      ),
    );
    return res.data;
  }

  async update(fileId: string, patch: drive_v3.Schema$File, about: About): Promise<void> {
    await this.call(about, () => this.files.update({ fileId, requestBody: patch, fields: 'id', ...ALL_DRIVES }));
  }

  /** Fetches a thumbnailLink (it needs no auth while valid; it is never stored). */
  async fetchThumbnail(link: string, about: About): Promise<Buffer> {
    return this.call(about, async () => {
      const res = await fetch(link, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw Object.assign(new Error(`thumbnail answered ${res.status}`), { status: res.status });
      return Buffer.from(await res.arrayBuffer());
    });
  }
}
