import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Catalogue } from '../../engine/index.ts';
import { MANIFEST_API, MANIFEST_FILE_NAME, type ManifestFile } from '../../engine/shared/manifest.ts';
import { shapeOf } from '../../engine/diff.ts';
import { MANIFEST_LIMITS } from '../../engine/limits.ts';
import { answerError, errorAnswer, sendError } from '../errors.ts';
import { GUARDS, type StaffAuth } from '../staff/auth.ts';
import type { Actor } from '../staff/audit.ts';
import type { Permission } from '../../engine/shared/roles.ts';
import type { RenderFailure } from '../render/probe.ts';
import { sameOriginOnly } from '../staff/origin.ts';
import type { Built, ManifestBuilder } from './builder.ts';
import type { ServerRegistry } from './follow.ts';
import type { ManifestVersions } from './versions.ts';
import type { Version } from '../../engine/shared/manifest.ts';

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

/** A request body's limit: a version's most, written as JSON (escapes), with room for the rest. */
export const MANIFEST_BODY_LIMIT = `${Math.ceil((MANIFEST_LIMITS.manifestBytes * 1.5) / 1024 / 1024)}mb`;

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Files larger together than a version may be are refused (413) before anything reads them. */
export function refuseLarge(res: Response, files: readonly ManifestFile[]): boolean {
  const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
  if (bytes <= MANIFEST_LIMITS.manifestBytes) return false;
  sendError(res, 'ManifestTooLarge', { size: megabytes(bytes), most: megabytes(MANIFEST_LIMITS.manifestBytes) });
  return true;
}

/** Answers a refused build: busy (429, with when to ask again), or over the build's limits. */
export function answerRefused(res: Response, built: Extract<Built, { ok: false }>, body?: 'text'): void {
  const headers: Record<string, string> =
    built.retryAfterS === undefined ? {} : { 'Retry-After': String(built.retryAfterS) };
  answerError(res, built.refusal, { headers, ...(body ? { body } : {}) });
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

/**
 * Who signs an edit: the signed-in person's account (its name signs the version; the audit trail names
 * the account), or the token. A name in the body is ignored.
 */
export async function publisherOf(
  auth: StaffAuth,
  req: Request,
  byToken: (req: Request) => boolean,
): Promise<{ author: string; actor: Actor }> {
  if (byToken(req)) {
    const actor = { accountId: null, name: 'token', address: req.ip ?? '', userAgent: req.get('user-agent') ?? '' };
    return { author: 'token', actor };
  }
  const actor = await auth.actorOf(req);
  const signed = await auth.signedIn(req);
  return { author: signed?.person.name ?? actor.name, actor };
}

/** Who keeps a draft (drafts are bounded per author): the account's id, or `token`. */
export async function draftOwnerOf(auth: StaffAuth, req: Request, byToken: (req: Request) => boolean) {
  return byToken(req) ? 'token' : ((await auth.signedIn(req))?.person.id ?? 'staff');
}

/**
 * The manifest API's door: the token, or a staff session whose role has `permission` (writes from the
 * site's own pages only).
 */
export const manifestAccess = (
  auth: StaffAuth,
  byToken: (req: Request) => boolean,
  permission: Permission,
): RequestHandler => {
  const guard = auth.api(permission);
  // The guard's promise is returned, so that a failing session lookup reaches Express's error handler.
  const door: RequestHandler = (req, res, next) =>
    byToken(req) ? next() : guard(req, res, () => sameOriginOnly(req, res, next));
  GUARDS.set(door, permission);
  return door;
};

export interface ManifestApiOptions {
  readonly auth: StaffAuth;
  readonly versions: ManifestVersions;
  readonly registry: ServerRegistry;
  /** The catalogue served now (changes are described against it). */
  readonly live: () => Catalogue | undefined;
  /** After a publish: tell the other servers and load it here. */
  readonly published: (number: number) => Promise<void>;
  /** Builds drafts off the request thread, one at a time. */
  readonly builder: ManifestBuilder;
  /** Keeps the catalogue of a version about to go live, so that its reload does not build it again. */
  readonly built: { keep(hash: string, catalogue: Catalogue): void };
  /** Whether a request carries `MANIFEST_TOKEN` (scripts send it instead of a staff session). */
  readonly token: (req: Request) => boolean;
  /** The first page of a version that cannot be shown (server/render/probe.ts); none: every page renders. */
  readonly renderCheck?: (catalogue: Catalogue) => Promise<RenderFailure | undefined>;
}

/**
 * The manifest's JSON API, for the editor page and for scripts: staff session (writes: same origin,
 * as every staff API) or the `MANIFEST_TOKEN`. Versions are published by compare-and-swap on the
 * version the edit started from; an invalid draft is never published.
 */
export function manifestApiRouter(options: ManifestApiOptions): Router {
  const { versions } = options;
  const router = Router();
  const json = express.json({ limit: MANIFEST_BODY_LIMIT });
  const byToken = options.token;
  const access = manifestAccess(options.auth, byToken, 'manifest');
  const versionParam = async (req: Request, res: Response): Promise<Version | undefined> => {
    const n = Number(req.params['n']);
    const found = Number.isInteger(n) && n > 0 ? await versions.get(n) : undefined;
    if (!found) sendError(res, 'NoManifestVersion', { number: String(req.params['n']) });
    return found;
  };
  const publish = publisher(options);

  router.use('/admin/api/manifest', access, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.get(MANIFEST_API.live, async (_req, res) => {
    const live = await versions.live();
    res.json({ version: live?.number ?? 0, hash: live?.hash ?? '', files: live?.files ?? [] });
  });
  router.post(MANIFEST_API.check, json, async (req, res) => {
    const files = filesOf(req.body);
    if (!files) return sendError(res, 'ManifestFilesMalformed');
    if (refuseLarge(res, files)) return;
    const live = options.live();
    const built = await options.builder.tryRun({ files, live: live && shapeOf(live), keep: false });
    if (!built.ok) return answerRefused(res, built);
    res.json(built.check);
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

/** When a request carries one: its note for the version (at most 500 characters). */
function noteOf(req: Request): string {
  const note = (req.body as { note?: unknown } | undefined)?.note;
  return typeof note === 'string' ? note.trim().slice(0, 500) : '';
}

/**
 * Publishes checked files on `base`: answers 200, 409 (moved on), 413, 422 (problems, limits, a page
 * that cannot be shown) or 429 (busy).
 */
function publisher(options: ManifestApiOptions) {
  return async (req: Request, res: Response, files: ManifestFile[], base: number): Promise<void> => {
    if (refuseLarge(res, files)) return;
    const live = options.live();
    const built = await options.builder.tryRun({ files, live: live && shapeOf(live), keep: true });
    if (!built.ok) return answerRefused(res, built);
    const checked = built.check;
    if (!checked.ok) {
      const answer = errorAnswer('ManifestProblems', { count: String(checked.problems.length) });
      return answerError(res, answer, { body: { json: (error) => ({ error, problems: checked.problems }) } });
    }
    // Only a version whose pages render is published (every page, or a sample of a large catalogue).
    const failure = built.catalogue && (await options.renderCheck?.(built.catalogue));
    if (failure) {
      const answer = errorAnswer('ManifestPageFails', { path: failure.path, error: failure.error });
      return answerError(res, answer, { body: { json: (error) => ({ error, page: failure.path }) } });
    }
    const { author, actor } = await publisherOf(options.auth, req, options.token);
    const outcome = await options.versions.publish({
      base,
      files,
      author,
      actor,
      note: noteOf(req),
      changes: checked.changes,
    });
    if (!outcome.ok) {
      const answer = errorAnswer('ManifestMoved', { base: String(base), live: String(outcome.live.number) });
      return answerError(res, answer, { body: { json: (error) => ({ error, live: outcome.live }) } });
    }
    if (built.catalogue) options.built.keep(outcome.version.hash, built.catalogue);
    await options.published(outcome.version.number);
    res.setHeader('Cache-Control', 'no-store').json({ version: outcome.version });
  };
}
