import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import express, { Router } from 'express';
import type { ApiScanResult } from '../../engine/shared/api.ts';
import { STAFF_API, type CreateFoldersResult, type FolderSetupState } from '../../engine/shared/staff.ts';
import type { LiveSiteData } from '../data/site-data.ts';
import type { Logger } from '../log.ts';
import type { MediaStore } from '../media/types.ts';
import { Serial, writeFileAtomic } from './atomic.ts';
import type { StaffAuth } from './auth.ts';
import { sameOriginOnly } from './origin.ts';
import { sendError } from '../errors.ts';

export const MARKS_FILE = 'folder-marks.json';

/** The checklist marks: `<dataDir>/folder-marks.json`, replaced atomically, one writer at a time. */
export class FolderMarks {
  private readonly file: string;
  private readonly writer = new Serial();

  constructor(
    dataDir: string,
    /** The checklist's paths, in order: marks of other paths are dropped. */
    private readonly paths: readonly string[],
    private readonly logger?: Logger,
  ) {
    this.file = join(dataDir, MARKS_FILE);
  }

  async read(): Promise<FolderSetupState> {
    const text = await readFile(this.file, 'utf8').catch(() => null);
    let done: unknown = [];
    if (text !== null) {
      try {
        done = (JSON.parse(text) as { done?: unknown }).done;
      } catch (error) {
        this.logger?.warn({ err: error, file: this.file }, 'The folder marks are not valid JSON; starting from none.');
      }
    }
    const marked = new Set(Array.isArray(done) ? done.filter((p): p is string => typeof p === 'string') : []);
    return { done: this.paths.filter((p) => marked.has(p)) };
  }

  /** Marks (or unmarks) paths of the checklist; returns the new state. */
  update(mark: readonly string[], unmark: readonly string[] = []): Promise<FolderSetupState> {
    return this.writer.run(async () => {
      const done = new Set((await this.read()).done);
      for (const p of mark) done.add(p);
      for (const p of unmark) done.delete(p);
      const state = { done: this.paths.filter((p) => done.has(p)) };
      await writeFileAtomic(this.file, `${JSON.stringify(state, null, 2)}\n`);
      return state;
    });
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

  router.get(STAFF_API.folderSetup, auth.requireApi, async (_req, res) => {
    res.json(await marks.read());
  });

  router.post(STAFF_API.mark, sameOriginOnly, auth.requireApi, json, async (req, res) => {
    const { path, done } = (req.body ?? {}) as { path?: unknown; done?: unknown };
    if (typeof path !== 'string' || !known.has(path)) {
      sendError(res, 'UnknownFolderPath', { path: String(path) });
      return;
    }
    const state = done === false ? await marks.update([], [path]) : await marks.update([path]);
    res.json(state satisfies FolderSetupState);
  });

  router.post(STAFF_API.scan, sameOriginOnly, auth.requireApi, async (req, res) => {
    const found = await store.existingFolders(paths);
    data.forgetFolders();
    await marks.update(found);
    req.log?.info({ found: found.length, total: paths.length }, 'folders scanned');
    res.json({ foundFolders: found } satisfies ApiScanResult);
  });

  router.post(STAFF_API.createMissing, sameOriginOnly, auth.requireApi, async (req, res) => {
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
    res.json({ ...state, created } satisfies CreateFoldersResult);
  });
  return router;
}
