import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { buildCatalogue, type Catalogue } from '../../engine/index.ts';
import { MANIFEST_API, MANIFEST_FILE_NAME, type CheckResult, type ManifestFile } from '../../engine/shared/manifest.ts';
import { describeDiff, diffCatalogues } from '../../engine/diff.ts';
import { MANIFEST_DIR } from '../../engine/node/read.ts';
import { answerError, errorAnswer, sendError } from '../errors.ts';
import type { StaffAuth } from '../staff/auth.ts';
import { sameOriginOnly } from '../staff/origin.ts';
import type { ServerRegistry } from './follow.ts';
import type { ManifestVersions } from './versions.ts';
import type { Version } from '../../engine/shared/manifest.ts';

/** Builds a draft the way the server builds the live manifest: files named as in `manifest/`. */
export function buildDraft(files: readonly ManifestFile[]) {
  return buildCatalogue(files.map((f) => ({ file: `${MANIFEST_DIR}/${f.name}`, text: f.text })));
}

/** Checks a draft against the live catalogue. */
export function checkDraft(files: readonly ManifestFile[], live: Catalogue | undefined): CheckResult {
  const built = buildDraft(files);
  if (!built.ok) {
    const problems = built.problems.map(({ file, line, col, message, hint }) => ({
      file: file.replace(`${MANIFEST_DIR}/`, ''),
      line,
      col,
      message,
      ...(hint ? { hint } : {}),
    }));
    return { ok: false, problems, changes: [] };
  }
  const changes = live ? describeDiff(diffCatalogues(live, built.catalogue)) : [];
  return { ok: true, problems: [], changes };
}

/** The files of a request body, or undefined when they are not a list of named YAML files. */
export function filesOf(body: unknown): ManifestFile[] | undefined {
  const files = (body as { files?: unknown } | null)?.files;
  if (!Array.isArray(files) || files.length === 0) return undefined;
  const out: ManifestFile[] = [];
  const names = new Set<string>();
  for (const f of files) {
    const { name, text } = (f ?? {}) as { name?: unknown; text?: unknown };
    if (typeof name !== 'string' || typeof text !== 'string' || !MANIFEST_FILE_NAME.test(name) || names.has(name))
      return;
    names.add(name);
    out.push({ name, text });
  }
  return out;
}

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Whether a request carries the `MANIFEST_TOKEN` (`Authorization: Bearer <token>`). */
export const tokenCheck = (token: string | undefined): ((req: Request) => boolean) => {
  const wanted = token ? digest(token) : undefined;
  return (req) => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    return wanted !== undefined && given !== undefined && timingSafeEqual(digest(given), wanted);
  };
};

/** The manifest API's door: the token, or a staff session (writes from the site's own pages only). */
export const manifestAccess =
  (auth: StaffAuth, byToken: (req: Request) => boolean): RequestHandler =>
  (req, res, next) => {
    if (byToken(req)) return next();
    auth.requireApi(req, res, () => sameOriginOnly(req, res, next));
  };

export interface ManifestApiOptions {
  readonly auth: StaffAuth;
  readonly versions: ManifestVersions;
  readonly registry: ServerRegistry;
  /** The catalogue served now (changes are described against it). */
  readonly live: () => Catalogue | undefined;
  /** After a publish: tell the other servers and load it here. */
  readonly published: (number: number) => Promise<void>;
  /** Whether a request carries `MANIFEST_TOKEN` (scripts send it instead of a staff session). */
  readonly token: (req: Request) => boolean;
}

/**
 * The manifest's JSON API, for the editor page and for scripts: staff session (writes: same origin,
 * as every staff API) or the `MANIFEST_TOKEN`. Versions are published by compare-and-swap on the
 * version the edit started from; an invalid draft is never published.
 */
export function manifestApiRouter(options: ManifestApiOptions): Router {
  const { versions } = options;
  const router = Router();
  const json = express.json({ limit: '2mb' });
  const byToken = options.token;
  const access = manifestAccess(options.auth, byToken);
  const signer = (req: Request): string => {
    const author = (req.body as { author?: unknown } | undefined)?.author;
    if (typeof author === 'string' && author.trim()) return author.trim().slice(0, 100);
    return byToken(req) ? 'token' : 'staff';
  };
  const noteOf = (req: Request): string => {
    const note = (req.body as { note?: unknown } | undefined)?.note;
    return typeof note === 'string' ? note.trim().slice(0, 500) : '';
  };
  const versionParam = async (req: Request, res: Response): Promise<Version | undefined> => {
    const n = Number(req.params['n']);
    const found = Number.isInteger(n) && n > 0 ? await versions.get(n) : undefined;
    if (!found) sendError(res, 'NoManifestVersion', { number: String(req.params['n']) });
    return found;
  };
  /** Publishes checked files on `base`; answers 200, 409 (moved on) or 422 (problems). */
  const publish = async (req: Request, res: Response, files: ManifestFile[], base: number): Promise<void> => {
    const checked = checkDraft(files, options.live());
    if (!checked.ok) {
      const answer = errorAnswer('ManifestProblems', { count: String(checked.problems.length) });
      return answerError(res, answer, { body: { json: (error) => ({ error, problems: checked.problems }) } });
    }
    const author = signer(req);
    const outcome = await versions.publish({ base, files, author, note: noteOf(req), changes: checked.changes });
    if (!outcome.ok) {
      const answer = errorAnswer('ManifestMoved', { base: String(base), live: String(outcome.live.number) });
      return answerError(res, answer, { body: { json: (error) => ({ error, live: outcome.live }) } });
    }
    await options.published(outcome.version.number);
    res.setHeader('Cache-Control', 'no-store').json({ version: outcome.version });
  };

  router.use('/admin/api/manifest', access, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.get(MANIFEST_API.live, async (_req, res) => {
    const live = await versions.live();
    res.json({ version: live?.number ?? 0, hash: live?.hash ?? '', files: live?.files ?? [] });
  });
  router.post(MANIFEST_API.check, json, (req, res) => {
    const files = filesOf(req.body);
    if (!files) return sendError(res, 'ManifestFilesMalformed');
    res.json(checkDraft(files, options.live()));
  });
  router.post(MANIFEST_API.publish, json, async (req, res) => {
    const files = filesOf(req.body);
    const base = (req.body as { baseVersion?: unknown } | undefined)?.baseVersion;
    if (!files) return sendError(res, 'ManifestFilesMalformed');
    if (!Number.isInteger(base) || (base as number) < 0) return sendError(res, 'ManifestBaseMissing');
    await publish(req, res, files, base as number);
  });
  router.get(MANIFEST_API.versions, async (_req, res) => {
    res.json({ versions: await versions.list() });
  });
  router.get(MANIFEST_API.version, async (req, res) => {
    const found = await versionParam(req, res);
    if (found) res.json(found);
  });
  router.post(MANIFEST_API.rollback, json, async (req, res) => {
    const found = await versionParam(req, res);
    if (!found) return;
    // A rollback is a new version with the old files, on whatever is live now.
    await publish(req, res, [...found.files], await versions.liveNumber());
  });
  router.get(MANIFEST_API.status, async (_req, res) => {
    res.json({ live: await versions.liveNumber(), servers: await options.registry.running() });
  });
  return router;
}
