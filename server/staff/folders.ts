import express, { Router } from 'express';
import type { ApiScanResult } from '../../engine/shared/api.ts';
import { STAFF_API, type CreateFoldersResult, type FolderSetupState } from '../../engine/shared/staff.ts';
import type { LiveSiteData } from '../data/site-data.ts';
import type { MediaStore } from '../media/types.ts';
import { stamp, type Database } from '../db/database.ts';
import type { StaffAuth } from './auth.ts';
import { sameOriginOnly } from './origin.ts';
import { sendError } from '../errors.ts';

/** The checklist marks, in the site database: every server shows the same. */
export class FolderMarks {
  constructor(
    private readonly database: Database,
    /** The checklist's paths, in order: marks of other paths are kept but not shown. */
    private readonly paths: readonly string[],
  ) {}

  async read(): Promise<FolderSetupState> {
    const rows = await this.database.db.selectFrom('folder_marks').select('path').execute();
    const marked = new Set(rows.map((r) => r.path));
    return { done: this.paths.filter((p) => marked.has(p)) };
  }

  /** Marks (or unmarks) paths of the checklist in one transaction; returns the new state. */
  async update(mark: readonly string[], unmark: readonly string[] = []): Promise<FolderSetupState> {
    await this.database.db.transaction().execute(async (tx) => {
      if (mark.length > 0) {
        const at = stamp();
        await tx
          .insertInto('folder_marks')
          .values(mark.map((path) => ({ path, marked_at: at })))
          .onConflict((c) => c.column('path').doNothing())
          .execute();
      }
      if (unmark.length > 0) await tx.deleteFrom('folder_marks').where('path', 'in', unmark).execute();
    });
    return this.read();
  }
}

export interface FolderRoutesOptions {
  readonly auth: StaffAuth;
  readonly marks: FolderMarks;
  readonly store: MediaStore;
  readonly data: Pick<LiveSiteData, 'forgetFolders'>;
  readonly paths: readonly string[];
}

/**
 * The folder-setup API (all staff only): `GET /api/folder-setup` (marks), `POST /api/folder-setup/mark`
 * (`{path, done}`), `POST /api/scan-drive-folders` (marks the folders that exist, `{foundFolders}`),
 * `POST /api/create-missing-folders` (creates every folder not there yet, parents first).
 */
export function folderRouter({ auth, marks, store, data, paths }: FolderRoutesOptions): Router {
  const router = Router();
  const known = new Set(paths);
  const json = express.json({ limit: '4kb' });

  router.get(STAFF_API.folderSetup, auth.api('folders'), async (_req, res) => {
    res.json(await marks.read());
  });

  router.post(STAFF_API.mark, sameOriginOnly, auth.api('folders'), json, async (req, res) => {
    const { path, done } = (req.body ?? {}) as { path?: unknown; done?: unknown };
    if (typeof path !== 'string' || !known.has(path)) {
      sendError(res, 'UnknownFolderPath', { path: String(path) });
      return;
    }
    const state = done === false ? await marks.update([], [path]) : await marks.update([path]);
    await auth.audit(req, { action: done === false ? 'folder.unmark' : 'folder.mark', object: path });
    res.json(state satisfies FolderSetupState);
  });

  router.post(STAFF_API.scan, sameOriginOnly, auth.api('folders'), async (req, res) => {
    const found = await store.existingFolders(paths);
    data.forgetFolders();
    await marks.update(found);
    req.log?.info({ found: found.length, total: paths.length }, 'folders scanned');
    await auth.audit(req, { action: 'folders.scan', object: `${found.length} of ${paths.length} found` });
    res.json({ foundFolders: found } satisfies ApiScanResult);
  });

  router.post(STAFF_API.createMissing, sameOriginOnly, auth.api('folders'), async (req, res) => {
    const existing = new Set(await store.existingFolders(paths));
    const created: string[] = [];
    // Tree order: parents come before their children, so each creation finds its parent there.
    try {
      for (const path of paths) {
        if (existing.has(path)) continue;
        await store.createFolder(path);
        created.push(path);
      }
    } finally {
      // What exists now is marked even when a creation failed half-way (the error still answers).
      data.forgetFolders();
      await marks.update([...existing, ...created]);
    }
    const state = await marks.read();
    req.log?.info({ created: created.length }, 'missing folders created');
    await auth.audit(req, { action: 'folders.create-missing', object: created.join(', ') || 'none' });
    res.json({ ...state, created } satisfies CreateFoldersResult);
  });
  return router;
}
