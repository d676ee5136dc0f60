import { randomBytes } from 'node:crypto';
import express, { Router, type RequestHandler } from 'express';
import type { Catalogue } from '../../engine/index.ts';
import { stamp, type Database } from '../db/database.ts';
import { sendError } from '../errors.ts';
import type { StaffAuth } from '../staff/auth.ts';
import { buildDraft, checkDraft, filesOf } from './api.ts';
import { MANIFEST_API, type DraftPreview, type ManifestFile } from '../../engine/shared/manifest.ts';
import { sortedFiles } from './versions.ts';

/** Where a draft's pages are shown to staff: `/admin/manifest/preview/<token>/<page path>`. */
export const PREVIEW_PREFIX = '/admin/manifest/preview';

/** Drafts kept for previews this long (any server renders them: they are in the database). */
const DRAFT_DAYS = 2;
/** Draft sites kept built in memory, most recent first. */
const BUILT = 4;

/** Addresses that stay as they are in a preview: media, bundles and data of the live site. */
const SHARED = /^\/(assets|media|api|defaults|favicon\.ico|admin\/api)(\/|$)/;

/**
 * A page of the draft as the real renderer made it, kept inside the preview: its page links point
 * to the preview's addresses, the speculation rules go (they would prefetch live pages), and search
 * engines are told to stay away.
 */
export function keepInside(html: string, base: string): string {
  return html
    .replace(/<script type="speculationrules">[\s\S]*?<\/script>/g, '')
    .replace(/(\s(?:href|action)=")(\/[^"]*)"/g, (all, attr: string, path: string) =>
      path.startsWith('//') || SHARED.test(path) ? all : `${attr}${base}${path === '/' ? '/' : path}"`,
    )
    .replace('<head>', '<head><meta name="robots" content="noindex">');
}

/**
 * `POST /admin/api/manifest/preview` (`{ files }` -> `{ token, url, pages }`, or 422 with the
 * problems) keeps a draft; `GET /admin/manifest/preview/<token>/<path>` renders that path of it with
 * the real renderer and the draft's own data (its new pages, folders and galleries, islands
 * included): staff only, `noindex`, never cached, links kept inside the preview.
 */
export function previewRouter(options: {
  readonly auth: StaffAuth;
  readonly database: Database;
  /** The site (its render router) of a draft catalogue, built as the live one is. */
  readonly render: (draft: Catalogue) => RequestHandler;
  /** Staff writes: session and same origin, or the token (the manifest API's own check). */
  readonly access: RequestHandler;
}): Router {
  const { db } = options.database;
  const built = new Map<string, RequestHandler>();
  const router = Router();

  router.post(MANIFEST_API.preview, options.access, express.json({ limit: '2mb' }), async (req, res) => {
    const files = filesOf(req.body);
    if (!files) return sendError(res, 'ManifestFilesMalformed');
    const checked = checkDraft(files, undefined);
    const draft = buildDraft(files);
    if (!checked.ok || !draft.ok) return sendError(res, 'ManifestProblems', { count: String(checked.problems.length) });
    const token = randomBytes(12).toString('base64url');
    const now = Date.now();
    await db
      .deleteFrom('manifest_drafts')
      .where('created_at', '<', stamp(now - DRAFT_DAYS * 86_400_000))
      .execute();
    await db
      .insertInto('manifest_drafts')
      .values({ token, files: JSON.stringify(sortedFiles(files)), created_at: stamp(now) })
      .execute();
    const pages = draft.catalogue.pages.filter((p) => !p.path.includes(':')).map((p) => p.path);
    const answer: DraftPreview = { token, url: `${PREVIEW_PREFIX}/${token}/`, pages };
    res.setHeader('Cache-Control', 'no-store').json(answer);
  });

  const site = async (token: string): Promise<RequestHandler | undefined> => {
    const kept = built.get(token);
    if (kept) return kept;
    const row = await db.selectFrom('manifest_drafts').select('files').where('token', '=', token).executeTakeFirst();
    const draft = row && buildDraft(JSON.parse(row.files) as ManifestFile[]);
    if (!draft?.ok) return undefined;
    const handler = options.render(draft.catalogue);
    built.set(token, handler);
    for (const old of [...built.keys()].slice(0, -BUILT)) built.delete(old);
    return handler;
  };

  router.use(`${PREVIEW_PREFIX}/:token`, options.auth.requirePage, async (req, res, next) => {
    const token = String(req.params['token']);
    const handler = /^[\w-]{16}$/.test(token) ? await site(token) : undefined;
    if (!handler) return sendError(res, 'NoPreview');
    const base = `${PREVIEW_PREFIX}/${token}`;
    res.setHeader('Cache-Control', 'no-store').setHeader('X-Robots-Tag', 'noindex');
    const send = res.send.bind(res);
    res.send = (body: unknown) => {
      const html = typeof body === 'string' && /html/.test(String(res.getHeader('Content-Type') ?? ''));
      res.setHeader('Cache-Control', 'no-store');
      return send(html ? keepInside(body, base) : body);
    };
    handler(req, res, next);
  });
  return router;
}
