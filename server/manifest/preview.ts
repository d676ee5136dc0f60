import { randomBytes } from 'node:crypto';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Catalogue } from '../../engine/index.ts';
import { stamp, type Database } from '../db/database.ts';
import { sendError } from '../errors.ts';
import type { StaffAuth } from '../staff/auth.ts';
import { answerRefused, filesOf, MANIFEST_BODY_LIMIT, refuseLarge } from './api.ts';
import type { Built, ManifestBuilder } from './builder.ts';
import { MANIFEST_API, type DraftPreview, type ManifestFile } from '../../engine/shared/manifest.ts';
import { sortedFiles } from './versions.ts';

/** Where a draft's pages are shown to staff: `/admin/manifest/preview/<token>/<page path>`. */
export const PREVIEW_PREFIX = '/admin/manifest/preview';

/** Drafts kept for previews this long (any server renders them: they are in the database). */
const DRAFT_DAYS = 2;
/** Draft sites kept built in memory: their pages in all (one large draft, or a few of the usual size). */
const BUILT_PAGES = 40_000;

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

/** Drafts kept for previews, per author and in all: keeping one more removes the oldest beyond these. */
export const DRAFT_QUOTA = { perAuthor: 5, total: 20 } as const;

/** Headers of a preview's answers: no cache keeps a staff-only draft (CDNs read `CDN-Cache-Control`, RFC 9213). */
const PRIVATE: Readonly<Record<string, string>> = {
  'Cache-Control': 'private, no-store',
  'CDN-Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
};

/** Keeps the preview's cache headers whatever the renderer sets: it writes the live site's. */
function keepPrivate(res: Response): void {
  const set = res.setHeader.bind(res);
  for (const [name, value] of Object.entries(PRIVATE)) set(name, value);
  res.setHeader = (name: string, value: number | string | readonly string[]) =>
    Object.hasOwn(PRIVATE, name) || /^(cache-control|cdn-cache-control|surrogate-control)$/i.test(name)
      ? res
      : set(name, value);
}

export interface PreviewOptions {
  readonly auth: StaffAuth;
  readonly database: Database;
  /** The site (its render router) of a draft catalogue, built as the live one is. */
  readonly render: (draft: Catalogue) => RequestHandler;
  /** Staff writes: session and same origin, or the token (the manifest API's own check). */
  readonly access: RequestHandler;
  /** Builds drafts off the request thread, one at a time. */
  readonly builder: ManifestBuilder;
  /** Who asks (drafts are bounded per author: the account, or the token). */
  readonly author: (req: Request) => Promise<string>;
}

/**
 * `POST /admin/api/manifest/preview` (`{ files }` -> `{ token, url, pages, notice? }`, or 422 with the
 * problems) keeps a draft; `GET /admin/manifest/preview/<token>/<path>` renders that path of it with
 * the real renderer and the draft's own data (its new pages, folders and galleries, islands
 * included): staff only, `noindex`, kept by no cache, links kept inside the preview. Drafts are
 * bounded (DRAFT_QUOTA); the answer says which were removed.
 */
export function previewRouter(options: PreviewOptions): Router {
  const built = new Map<string, { handler: RequestHandler; pages: number }>();
  const keep = (token: string, catalogue: Catalogue): RequestHandler => {
    const handler = options.render(catalogue);
    built.set(token, { handler, pages: catalogue.pages.length });
    let pages = 0;
    // Newest first: the one just built always stays.
    for (const [old, kept] of [...built].reverse())
      if ((pages += kept.pages) > BUILT_PAGES && old !== token) built.delete(old);
    return handler;
  };
  const router = Router();

  router.post(MANIFEST_API.preview, options.access, express.json({ limit: MANIFEST_BODY_LIMIT }), async (req, res) => {
    const files = filesOf(req.body);
    if (!files) return sendError(res, 'ManifestFilesMalformed');
    if (refuseLarge(res, files)) return;
    const draft = await options.builder.tryRun({ files, keep: true });
    if (!draft.ok) return answerRefused(res, draft);
    if (!draft.check.ok || !draft.catalogue)
      return sendError(res, 'ManifestProblems', { count: String(draft.check.problems.length) });
    const token = randomBytes(12).toString('base64url');
    const removed = await keepDraft(options.database, { token, files, author: await options.author(req) });
    for (const gone of removed) built.delete(gone);
    keep(token, draft.catalogue);
    const url = `${PREVIEW_PREFIX}/${token}/`;
    const answer: DraftPreview = {
      token,
      url,
      pages: draft.pages,
      ...(removed.length ? { notice: removedNotice(removed.length) } : {}),
    };
    res.setHeader('Cache-Control', 'no-store').json(answer);
  });

  /** The draft's site: kept built here, else built from the database (refused while another build runs). */
  const site = async (token: string): Promise<RequestHandler | Extract<Built, { ok: false }> | undefined> => {
    const kept = built.get(token);
    if (kept) return kept.handler;
    const { db } = options.database;
    const row = await db.selectFrom('manifest_drafts').select('files').where('token', '=', token).executeTakeFirst();
    if (!row) return undefined;
    const draft = await options.builder.tryRun({ files: JSON.parse(row.files) as ManifestFile[], keep: true });
    if (!draft.ok) return draft;
    return draft.catalogue && keep(token, draft.catalogue);
  };

  router.use(`${PREVIEW_PREFIX}/:token`, options.auth.page('manifest'), async (req, res, next) => {
    const token = String(req.params['token']);
    const handler = /^[\w-]{16}$/.test(token) ? await site(token) : undefined;
    if (!handler) return sendError(res, 'NoPreview');
    if (typeof handler !== 'function') return answerRefused(res, handler, 'text');
    // A page of the draft (an error answer is the catalogue's own, no-store).
    keepPrivate(res);
    const base = `${PREVIEW_PREFIX}/${token}`;
    const send = res.send.bind(res);
    res.send = (body: unknown) => {
      const html = typeof body === 'string' && /html/.test(String(res.getHeader('Content-Type') ?? ''));
      return send(html ? keepInside(body, base) : body);
    };
    handler(req, res, next);
  });
  return router;
}

/**
 * Stores a draft and removes the author's oldest beyond the quota, then everyone's oldest beyond it
 * (and any older than DRAFT_DAYS); answers the tokens the quota removed.
 */
async function keepDraft(
  database: Database,
  draft: { readonly token: string; readonly files: readonly ManifestFile[]; readonly author: string },
): Promise<string[]> {
  const { db } = database;
  const now = Date.now();
  await db
    .deleteFrom('manifest_drafts')
    .where('created_at', '<', stamp(now - DRAFT_DAYS * 86_400_000))
    .execute();
  const files = JSON.stringify(sortedFiles(draft.files));
  await db
    .insertInto('manifest_drafts')
    .values({ token: draft.token, files, author: draft.author, created_at: stamp(now) })
    .execute();
  const newestFirst = await db
    .selectFrom('manifest_drafts')
    .select(['token', 'author'])
    .orderBy('created_at', 'desc')
    .orderBy('token', 'desc')
    .execute();
  // The new draft is first: a tie of stamps cannot remove it.
  const ordered = [draft, ...newestFirst.filter((d) => d.token !== draft.token)];
  const mine = ordered.filter((d) => d.author === draft.author).slice(DRAFT_QUOTA.perAuthor);
  const gone = new Set(mine.map((d) => d.token));
  for (const d of ordered.filter((d) => !gone.has(d.token)).slice(DRAFT_QUOTA.total)) gone.add(d.token);
  if (gone.size > 0)
    await db
      .deleteFrom('manifest_drafts')
      .where('token', 'in', [...gone])
      .execute();
  return [...gone];
}

/** What the editor shows when keeping a draft removed older ones. */
const removedNotice = (removed: number): string => {
  const { perAuthor, total } = DRAFT_QUOTA;
  return (
    `${removed} older preview(s) were removed to keep this one (each author keeps the newest ${perAuthor}, ` +
    `the site ${total}): their links no longer open.`
  );
};
