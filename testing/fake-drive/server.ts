import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { getAbout } from './about.ts';
import { FakeAuth, type ServiceAccountKey } from './auth.ts';
import { control } from './control.ts';
import { createFile, getFile, updateFile, type FilesContext } from './files.ts';
import { driveError, faultBody, Faults, type CallRecord } from './faults.ts';
import { media, thumbnail, token, upload } from './handlers.ts';
import { flag, readBody, sendError, sendJson } from './http.ts';
import { listFiles, type Answer } from './list.ts';
import type { Operation } from './model.ts';
import { FakeDriveState } from './state.ts';

export interface FakeDriveOptions {
  readonly host?: string;
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** 'required' (default): API calls need a bearer token the fake issued. */
  readonly auth?: 'required' | 'off';
  /** Files per page at most (Drive: 1000); small values make pagination easy to exercise. */
  readonly maxPageSize?: number;
  /** How long a thumbnailLink stays valid (Drive: a few hours). */
  readonly thumbnailTtlMs?: number;
  /** Uploads outside a shared drive fail with storageQuotaExceeded, as for a service account. */
  readonly serviceAccountQuota?: boolean;
  readonly latencyMs?: number;
  readonly now?: () => number;
  /** The storage limit about.get reports, in bytes (default 15 GiB); null: no limit (the field is absent). */
  readonly storageLimitBytes?: number | null;
}

interface Route {
  readonly op: Operation;
  readonly subject: string;
  readonly api: boolean;
  readonly run: (call: CallRecord) => Promise<void>;
}

/**
 * A Drive v3 server on loopback for tests and demos: files.list/get/create/update, multipart and
 * media uploads, alt=media with Range, short-lived thumbnail links served by itself, Google's
 * JWT-bearer token endpoint, error injection, latency and a call log per operation.
 */
export class FakeDrive {
  readonly state: FakeDriveState;
  readonly auth: FakeAuth;
  readonly faults = new Faults();
  private readonly server: Server;
  private readonly ctx: FilesContext;
  private base = '';
  private readonly keys = new Map<string, ServiceAccountKey>();

  private constructor(private readonly options: FakeDriveOptions) {
    const now = options.now ?? Date.now;
    this.state = new FakeDriveState(now);
    this.auth = new FakeAuth(now);
    if (options.latencyMs) this.faults.setLatency(options.latencyMs);
    const ttl = options.thumbnailTtlMs ?? 4 * 3600_000;
    this.ctx = {
      state: this.state,
      maxPageSize: options.maxPageSize ?? 1000,
      serviceAccountQuota: options.serviceAccountQuota ?? true,
      resource: {
        thumbnailLink: (id) => `${this.base}/thumb/${this.state.signThumbnail(id, ttl)}=s220`,
      },
    };
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) sendError(res, faultBody('backendError'));
        else res.destroy();
      });
    });
  }

  static async start(options: FakeDriveOptions = {}): Promise<FakeDrive> {
    const fake = new FakeDrive(options);
    await new Promise<void>((resolve, reject) => {
      fake.server.once('error', reject);
      fake.server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
    });
    const { address, port } = fake.server.address() as AddressInfo;
    fake.base = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
    return fake;
  }

  /** `http://127.0.0.1:<port>` */
  get url(): string {
    return this.base;
  }
  /** What the Drive client takes as `rootUrl`. */
  get rootUrl(): string {
    return `${this.base}/`;
  }
  get tokenUrl(): string {
    return `${this.base}/token`;
  }

  /** A service account this fake trusts (one per name); its key file names the fake's token endpoint. */
  serviceAccountKey(name = 'site-reader'): ServiceAccountKey {
    const known = this.keys.get(name) ?? this.auth.createServiceAccount(this.tokenUrl, name);
    this.keys.set(name, known);
    return known;
  }

  /** The next `times` calls of `op` fail with `kind`. */
  failNext(...args: Parameters<Faults['failNext']>): void {
    this.faults.failNext(...args);
  }

  /** Calls of `op` received, optionally only those about `subject` (a folder id in `q`, a file id). */
  calls(op: Operation, subject?: string): number {
    return this.faults.count(op, subject);
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname.startsWith('/__fake/')) return control(this, req, res, url);
    const route = this.route(req, res, url);
    if (!route) {
      sendError(res, driveError(404, 'notFound', 'Not Found'));
      return;
    }
    const call = this.faults.record(route.op, route.subject, url.searchParams, this.state.now());
    res.on('finish', () => {
      call.status = res.statusCode;
    });
    const delay = this.faults.latencyOf(route.op);
    if (delay > 0) await sleep(delay);
    if (route.api && this.options.auth !== 'off' && !this.authorized(req)) {
      sendJson(res, 401, {
        error: {
          code: 401,
          message: 'Request had invalid authentication credentials. Expected OAuth 2 access token.',
          errors: [
            {
              message: 'Invalid Credentials',
              domain: 'global',
              reason: 'authError',
              location: 'Authorization',
              locationType: 'header',
            },
          ],
          status: 'UNAUTHENTICATED',
        },
      });
      return;
    }
    const fault = this.faults.take(route.op, url.searchParams, route.subject);
    if (fault) {
      sendError(res, faultBody(fault), this.faults.headersOf(fault));
      return;
    }
    await route.run(call);
  }

  private authorized(req: IncomingMessage): boolean {
    const m = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '');
    return m !== null && this.auth.valid(m[1]!);
  }

  private route(req: IncomingMessage, res: ServerResponse, url: URL): Route | null {
    const params = url.searchParams;
    const all = flag(params, 'supportsAllDrives');
    const reply = (a: Answer): void => sendJson(res, a.status, a.body);
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/token') {
      return { op: 'token', subject: '', api: false, run: () => token(this.auth, this.tokenUrl, req, res) };
    }
    if (method === 'GET' && path.startsWith('/thumb/')) {
      return {
        op: 'thumbnail',
        subject: path.slice(7),
        api: false,
        run: () => thumbnail(this.ctx, res, path.slice(7)),
      };
    }
    if (method === 'GET' && path === '/drive/v3/about') {
      const limit = this.options.storageLimitBytes === undefined ? 15 * 1024 ** 3 : this.options.storageLimitBytes;
      return { op: 'about.get', subject: '', api: true, run: async () => reply(getAbout(this.state, params, limit)) };
    }
    if (path === '/drive/v3/files') {
      if (method === 'GET') {
        return {
          op: 'files.list',
          subject: params.get('q') ?? '',
          api: true,
          run: async () => reply(listFiles(this.ctx, params)),
        };
      }
      if (method === 'POST') {
        return {
          op: 'files.create',
          subject: '',
          api: true,
          run: async () => reply(createFile(this.ctx, { metadata: await this.json(req) }, params, all)),
        };
      }
    }
    const fileMatch = /^\/drive\/v3\/files\/([A-Za-z0-9_-]+)$/.exec(path);
    if (fileMatch) {
      const id = fileMatch[1]!;
      if (method === 'GET' && params.get('alt') === 'media') {
        const { bodyPace: pace, ignoreRange } = this.faults;
        return {
          op: 'files.get.media',
          subject: id,
          api: true,
          run: async (call) => {
            await this.faults.downloadGate(id);
            await media(this.ctx, req, res, id, all, { pace, ignoreRange, call });
          },
        };
      }
      if (method === 'GET')
        return { op: 'files.get', subject: id, api: true, run: async () => reply(getFile(this.ctx, id, params, all)) };
      if (method === 'PATCH') {
        return {
          op: 'files.update',
          subject: id,
          api: true,
          run: async () => reply(updateFile(this.ctx, id, await this.json(req), params, all)),
        };
      }
    }
    if (method === 'POST' && path === '/upload/drive/v3/files') {
      return { op: 'files.create', subject: '', api: true, run: async () => upload(this.ctx, req, res, params, all) };
    }
    return null;
  }

  private async json(req: IncomingMessage): Promise<Record<string, unknown>> {
    const text = (await readBody(req, 1024 * 1024)).toString('utf8');
    if (!text) return {};
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  }
}
