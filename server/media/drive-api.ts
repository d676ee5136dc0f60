import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { drive, type drive_v3 } from 'googleapis/build/src/apis/drive/index.js';
import { withBackoff } from '../resilience/backoff.ts';
import { currentDeadline } from '../resilience/deadline.ts';
import type { BreakerOptions } from '../resilience/breaker.ts';
import { KeyBreakers, type KeyBreakerOptions } from '../resilience/key-breakers.ts';
import { DriveGuard, retryAfterOf, type DriveOp } from './drive-guard.ts';
import type { DriveAuthClient } from './drive-auth.ts';
import { isRetryable, statusOf, toStoreError } from './drive-errors.ts';
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
  /** Limit of a metadata call, whole (default 30 s). */
  readonly timeoutMs?: number;
  /**
   * A download has no overall limit (a long video streams for minutes); it fails when Drive sends
   * nothing for this long while the reader waits for bytes (default 30 s), headers included.
   */
  readonly idleTimeoutMs?: number;
  /** Pauses after failures (per call, for the token endpoint, per kind of call under a rate limit). */
  readonly keyBreakers?: KeyBreakerOptions;
  /** The breaker for Drive as a whole (its clock defaults to the breakers'). */
  readonly breaker?: BreakerOptions;
}

/** What a failure was about, for its StoreError: "while <action>", "<subject> was not found". */
interface About {
  readonly action: string;
  readonly subject: string;
}

const TIMEOUT_MS = 30_000;

/** The error a download fails with when Drive stops sending (an outage, as a network error is: no status). */
export const idleTimeout = (ms: number): Error => new Error(`Google Drive sent nothing for ${ms} ms.`);

/**
 * The body of a download as the reader sees it: it fails when `source` sends nothing for `idleMs`
 * while the reader waits (a reader that stops reading is not Drive's fault); with `slice`, for a
 * server that ignored the Range header, it skips to `start` and ends after `end` (inclusive),
 * closing the upstream then. Destroying it (the client went away) destroys the upstream.
 */
export function guardedBody(source: Readable, idleMs: number, slice?: ByteRange): Readable {
  let at = 0;
  let done = false;
  let timer: NodeJS.Timeout | undefined;
  const disarm = (): void => {
    clearTimeout(timer);
    timer = undefined;
  };
  const arm = (): void => {
    if (timer || done || idleMs <= 0) return;
    timer = setTimeout(() => out.destroy(idleTimeout(idleMs)), idleMs);
    timer.unref();
  };
  const finish = (): void => {
    done = true;
    disarm();
  };
  const out = new Readable({
    read() {
      arm();
      source.resume();
    },
    destroy(error, callback) {
      finish();
      source.destroy();
      callback(error);
    },
  });
  source.on('data', (chunk: Buffer) => {
    disarm();
    if (done) return;
    let part = chunk;
    if (slice) {
      const from = Math.max(0, slice.start - at);
      const to = Math.min(chunk.length, slice.end + 1 - at);
      at += chunk.length;
      part = from < to ? chunk.subarray(from, to) : Buffer.alloc(0);
    }
    const wanted = part.length === 0 || out.push(part);
    if (slice && at > slice.end) {
      finish();
      source.destroy();
      out.push(null);
    } else if (wanted) arm();
    else source.pause();
  });
  source.once('end', () => {
    if (done) return;
    finish();
    out.push(null);
  });
  source.once('error', (error) => out.destroy(error));
  source.once('close', () => {
    if (!done) out.destroy(new Error('Google Drive closed the download early.'));
  });
  source.pause();
  return out;
}

/**
 * The Drive v3 calls of the adapter, each bounded-retried with exponential backoff and jitter
 * (429, 5xx, 403 rate limits; the client's own retry is off so there is one policy) and its
 * failure turned into a StoreError. Every call names shared drives.
 */
export class DriveApi {
  readonly files: drive_v3.Resource$Files;
  readonly about: drive_v3.Resource$About;
  /** What failed lately, shared by every call of this client (see DriveGuard). */
  readonly guard: DriveGuard;
  private readonly rootUrl: string;

  constructor(private readonly options: DriveApiOptions) {
    this.rootUrl = options.rootUrl;
    const clock = options.keyBreakers?.clock;
    const log = options.logger;
    this.guard = new DriveGuard(new KeyBreakers(options.keyBreakers), {
      ...(clock ? { clock } : {}),
      onOpen: (error) =>
        log?.warn(
          { status: statusOf(error), err: error },
          'drive: Google Drive is failing for many folders and files at once; every call paused, one probe per pause',
        ),
      onClose: () => log?.info('drive: Google Drive answers again; calls resume'),
      ...options.breaker,
    });
    const client = drive({
      version: 'v3',
      auth: options.auth,
      rootUrl: options.rootUrl,
      retry: false,
      timeout: options.timeoutMs ?? TIMEOUT_MS,
    });
    this.files = client.files;
    this.about = client.about;
  }

  /**
   * One Drive call as the visitor's request can afford it: refused at once while its breaker is open
   * (see DriveGuard), retried with backoff until the retries are spent or the request's deadline
   * would pass, and its last failure remembered for the calls that follow.
   */
  async call<T>(about: About, fn: () => Promise<T>, op: DriveOp = 'get'): Promise<T> {
    const { retries = 4, baseMs = 250, maxMs = 8000, sleep, random } = this.options.retry ?? {};
    // The calls of one action (a listing's folder check and its pages, a file's metadata and bytes)
    // share a breaker: when one fails, the others are not asked in vain.
    const key = about.action;
    try {
      return await this.guard.run(key, op, (owner, probe) =>
        withBackoff(() => this.guard.attempt(key, op, owner, fn), {
          // A probe after a failure asks once: if Drive is still down, the pause starts again at once.
          retries: probe ? 0 : retries,
          baseMs,
          maxMs,
          isRetryable,
          minDelay: retryAfterOf,
          giveUpAt: currentDeadline(),
          ...(sleep ? { sleep } : {}),
          ...(random ? { random } : {}),
          onRetry: (error, attempt, delayMs) =>
            this.options.logger?.warn(
              { attempt, delayMs, status: (error as { status?: number }).status },
              `drive: retrying ${about.action}`,
            ),
        }),
      );
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
      const page = await this.call(
        about,
        () =>
          this.files.list({
            q,
            fields,
            orderBy,
            pageSize: 1000,
            ...ALL_DRIVES_LIST,
            ...(token ? { pageToken: token } : {}),
          }),
        'list',
      );
      files.push(...(page.data.files ?? []));
      pageToken = page.data.nextPageToken ?? undefined;
    } while (pageToken);
    return files;
  }

  /** about.get: the storage quota of the account the site uses (values are strings of bytes). */
  async storageQuota(about: About): Promise<drive_v3.Schema$About['storageQuota']> {
    return (await this.call(about, () => this.about.get({ fields: 'storageQuota(limit,usage)' }))).data.storageQuota;
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
    const idleMs = this.options.idleTimeoutMs ?? TIMEOUT_MS;
    const res = await this.call(
      about,
      async () => {
        // No overall timeout (it would cut the body of a long stream): the headers get `idleMs`,
        // the body is watched by guardedBody.
        const waiting = new AbortController();
        const timer = setTimeout(() => waiting.abort(idleTimeout(idleMs)), idleMs);
        try {
          return await this.files.get(
            { fileId, alt: 'media', ...ALL_DRIVES },
            { responseType: 'stream', headers, timeout: 0, signal: waiting.signal },
          );
        } finally {
          clearTimeout(timer);
        }
      },
      'media',
    );
    const header = (name: string): string | null => {
      const h = res.headers as unknown as { get?: (n: string) => string | null } & Record<string, string | undefined>;
      return typeof h.get === 'function' ? h.get(name) : (h[name] ?? null);
    };
    const total =
      /\/(\d+)$/.exec(header('content-range') ?? '')?.[1] ?? (res.status === 200 ? header('content-length') : null);
    const mimeType = (header('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
    const stream = guardedBody(res.data, idleMs, range && res.status === 200 ? range : undefined);
    return { stream, ...(total ? { size: Number(total) } : {}), mimeType };
  }

  async downloadBuffer(fileId: string, about: About): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of (await this.download(fileId, about)).stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async createFolder(name: string, parentId: string, about: About): Promise<DriveFile> {
    const requestBody = { name, mimeType: FOLDER_MIME, parents: [parentId] };
    const create = () => this.files.create({ requestBody, fields: 'id,name', ...ALL_DRIVES });
    return (await this.call(about, create, 'write')).data;
  }

  /** A multipart upload (metadata and bytes in one request); `rootUrl` is passed again for /upload. */
  async upload(
    metadata: drive_v3.Schema$File,
    bytes: Buffer,
    mimeType: string,
    fields: string,
    about: About,
  ): Promise<DriveFile> {
    const res = await this.call(
      about,
      () =>
        this.files.create(
          { requestBody: metadata, media: { mimeType, body: Readable.from([bytes]) }, fields, ...ALL_DRIVES },
          { rootUrl: this.rootUrl },
        ),
      'write',
    );
    return res.data;
  }

  async update(fileId: string, patch: drive_v3.Schema$File, about: About): Promise<void> {
    const update = () => this.files.update({ fileId, requestBody: patch, fields: 'id', ...ALL_DRIVES });
    await this.call(about, update, 'write');
  }

  /** Fetches a thumbnailLink (it needs no auth while valid; it is never stored). */
  async fetchThumbnail(link: string, about: About): Promise<Buffer> {
    return this.call(
      about,
      async () => {
        const res = await fetch(link, { signal: AbortSignal.timeout(TIMEOUT_MS) });
        if (!res.ok) throw Object.assign(new Error(`thumbnail answered ${res.status}`), { status: res.status });
        return Buffer.from(await res.arrayBuffer());
      },
      'thumbnail',
    );
  }
}
