import { createHash } from 'node:crypto';
import { Router } from 'express';
import pLimit from 'p-limit';
import type { Catalogue } from '../../engine/index.ts';
import {
  diagnose,
  DRIVE_QUERIES_PER_MINUTE,
  folderRoles,
  type FolderHealthReport,
  type HealthFile,
  type HealthFolderInput,
} from '../../engine/shared/health.ts';
import { STAFF_API } from '../../engine/shared/staff.ts';
import type { LiveSiteData } from '../data/site-data.ts';
import type { CachedContents } from '../data/files.ts';
import { toMediaItem } from '../data/media-items.ts';
import { isVideo } from '../media/mime.ts';
import type { MediaStore, StorageUse, StoreFile } from '../media/types.ts';
import { DeadlineError } from '../resilience/deadline.ts';
import type { StaffAuth } from './auth.ts';
import { CACHE } from '../middleware/cache-control.ts';

/** Files Drive returns per files.list page (server/media/drive-api.ts asks for 1000). */
const DRIVE_PAGE = 1000;

type HealthData = Pick<LiveSiteData, 'folderId' | 'folderContents' | 'decorate' | 'conversionFailed'>;

/** Why a read failed, for the page: the store's own message, never a stack. */
const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Content hashes of local files (the local store keeps no checksum), by file id and version. Only
 * files whose size another file shares are hashed: a folder of thousands of distinct sizes costs none.
 */
export class LocalChecksums {
  private readonly known = new Map<string, string>();
  private readonly limit = pLimit(2);

  constructor(private readonly store: Pick<MediaStore, 'openFile'>) {}

  async fill(files: readonly StoreFile[]): Promise<Map<string, string>> {
    const bySize = new Map<number, StoreFile[]>();
    for (const f of files) if (!f.checksum && f.size) bySize.set(f.size, [...(bySize.get(f.size) ?? []), f]);
    const candidates = [...bySize.values()].filter((group) => group.length > 1).flat();
    const out = new Map<string, string>();
    await Promise.all(
      candidates.map(async (f) => {
        const key = `${f.id}:${f.version}`;
        let sum = this.known.get(key);
        if (sum === undefined) {
          sum = await this.limit(() => this.hash(f.id)).catch(() => undefined);
          if (sum === undefined) return;
          if (this.known.size > 50_000) this.known.clear();
          this.known.set(key, sum);
        }
        out.set(f.id, sum);
      }),
    );
    return out;
  }

  private async hash(id: string): Promise<string> {
    const { stream } = await this.store.openFile(id);
    const md5 = createHash('md5');
    for await (const chunk of stream) md5.update(chunk as Buffer);
    return md5.digest('hex');
  }
}

interface Read {
  readonly path: string;
  readonly state: HealthFolderInput['state'];
  readonly contents?: CachedContents;
  readonly error?: unknown;
}

/** Reads every catalogue folder from the cache (a cold one from the store, under the request's deadline). */
async function readFolders(catalogue: Catalogue, data: HealthData): Promise<Read[]> {
  return Promise.all(
    catalogue.folders.map(async ({ path }): Promise<Read> => {
      try {
        const id = await data.folderId(path);
        if (id === null) return { path, state: 'missing' };
        return { path, state: 'listed', contents: await data.folderContents(id) };
      } catch (error) {
        // Past the deadline the read goes on in the background: the next look finds it cached.
        return { path, state: error instanceof DeadlineError ? 'pending' : 'unreadable', error };
      }
    }),
  );
}

/** Drive calls that one read of the whole catalogue costs with a cold cache. */
function coldCalls(catalogue: Catalogue, reads: readonly Read[]): number {
  // Folder ids: one listing per level of the tree; then per folder one files.get and its list pages.
  const levels = Math.max(0, ...catalogue.folders.map((f) => f.depth + 1));
  const perFolder = reads.map((r) => {
    if (r.state === 'missing') return 0;
    const n = r.contents ? r.contents.files.length + r.contents.others.length : 0;
    return 1 + Math.max(1, Math.ceil(n / DRIVE_PAGE));
  });
  return levels + perFolder.reduce((a, b) => a + b, 0);
}

export interface HealthOptions {
  readonly catalogue: Catalogue;
  readonly store: MediaStore;
  readonly data: HealthData;
  readonly clock?: () => number;
}

/** The folder health report: every catalogue folder's counts and problems, storage and cost lines. */
export function healthReporter({ catalogue, store, data, clock = Date.now }: HealthOptions) {
  const roles = folderRoles(catalogue);
  const checksums = new LocalChecksums(store);
  return async (): Promise<FolderHealthReport> => {
    const [reads, storage] = await Promise.all([
      readFolders(catalogue, data),
      store.storage().then(
        (s): StorageUse | { error: unknown } => s,
        (error: unknown) => ({ error }),
      ),
    ]);
    const files = reads.flatMap((r) => r.contents?.files ?? []);
    const hashed = await checksums.fill(files);
    const inputs = reads.map((r): HealthFolderInput => {
      if (!r.contents) return { path: r.path, state: r.state, files: [], others: [] };
      const items = data.decorate(r.contents.files.map(toMediaItem));
      const healthFiles = r.contents.files.map((f, i): HealthFile => {
        const item = items[i];
        const video = isVideo(f.name, f.mimeType);
        const checksum = f.checksum ?? hashed.get(f.id);
        return {
          name: f.name,
          video,
          ...(f.size === undefined ? {} : { size: f.size }),
          ...(checksum ? { checksum } : {}),
          ...(!video && !item?.thumbnailUrl ? { unseen: true } : {}),
          ...(video
            ? {
                playable: item?.playable ? 'yes' : data.conversionFailed(f.id) ? 'failed' : 'converting',
                poster: Boolean(item?.posterUrl),
              }
            : {}),
        };
      });
      return {
        path: r.path,
        state: 'listed',
        listedAt: r.contents.listedAt,
        files: healthFiles,
        others: r.contents.others,
      };
    });
    const failed = reads.find((r) => r.state === 'unreadable')?.error ?? ('error' in storage ? storage.error : null);
    const folders = diagnose(roles, inputs);
    return {
      store: store.kind,
      checkedAt: clock(),
      storeDown: failed === null || failed instanceof DeadlineError ? null : reason(failed),
      storage: 'error' in storage ? null : storage,
      mediaBytes: folders.reduce((sum, f) => sum + f.bytes, 0),
      coldCalls:
        store.kind === 'drive' ? { calls: coldCalls(catalogue, reads), perMinute: DRIVE_QUERIES_PER_MINUTE } : null,
      folders,
    };
  };
}

/** `GET /api/folder-health` (staff only): the report, never cached by a browser or proxy. */
export function healthRouter(options: HealthOptions & { readonly auth: StaffAuth }): Router {
  const report = healthReporter(options);
  const router = Router();
  router.get(STAFF_API.health, options.auth.api('folders'), async (_req, res) => {
    res.setHeader('Cache-Control', CACHE.none).json(await report());
  });
  return router;
}
