import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import express, { Router, type Request, type Response } from 'express';
import type { Catalogue } from '../../engine/index.ts';
import { markCurrent, markTarget, type MarkOutcome } from '../../engine/mark-current.ts';
import { MANIFEST_DIR } from '../../engine/node/read.ts';
import type { ManifestFile } from '../../engine/shared/manifest.ts';
import { TRANSLATIONS_API, type MarkAnswer, type TranslationsStatus } from '../../engine/shared/translations.ts';
import { translationTable } from '../../engine/status.ts';
import { answerError, errorAnswer, sendError } from '../errors.ts';
import { answerRefused, manifestAccess, publisherOf } from './api.ts';
import type { StaffAuth } from '../staff/auth.ts';
import { buildFiles, publishFiles, readFiles, type FilesOptions } from './source.ts';
import type { ManifestVersions } from './versions.ts';

export interface TranslationsApiOptions {
  /** Its door: a staff session whose role has translations (writes from the site's own pages), or the token. */
  readonly auth: StaffAuth;
  /** Whether a request carries the manifest token (then the token signs the version). */
  readonly token: (req: Request) => boolean;
  readonly versions: ManifestVersions;
  /** The catalogue served now (a publish's change list is described against it). */
  readonly live: () => Catalogue | undefined;
  /** After a publish: tell the other servers and load it here. */
  readonly published: (number: number) => Promise<void>;
  /** Where the files are, for a site without versions yet (marks are written to them, then published). */
  readonly files: FilesOptions;
}

const answerProblems = (res: Response, count: number): void => {
  const answer = errorAnswer('ManifestProblems', { count: String(count) });
  answerError(res, answer);
};
const answerMoved = (res: Response, base: number, live: number): void => {
  const answer = errorAnswer('TranslationsMoved', { base: String(base), live: String(live) });
  answerError(res, answer, { body: { json: (error) => ({ error, live }) } });
};

/** The files as the engine names them (`manifest/pages.yaml`), and back. */
const sources = (files: readonly ManifestFile[]) =>
  files.map((f) => ({ file: `${MANIFEST_DIR}/${f.name}`, text: f.text }));
const named = (outcome: Extract<MarkOutcome, { ok: true }>): ManifestFile[] =>
  outcome.files.map((f) => ({ name: basename(f.file), text: f.text }));

/**
 * The translations page's API: the translator's status of the live version, and marking a page's (or
 * the shared, or all) translations as reviewed, which publishes a new version by compare-and-swap on
 * the version the status was read from, as the Manifest Editor publishes (409 when another version was
 * published since). A site without versions yet has its files edited instead, then published as any
 * file edit is (server/manifest/source.ts).
 */
export function translationsRouter(options: TranslationsApiOptions): Router {
  const { versions } = options;
  const { dir, cwd } = options.files;
  const router = Router();
  const access = manifestAccess(options.auth, options.token, 'translations');
  router.use(TRANSLATIONS_API.status, access, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.get(TRANSLATIONS_API.status, async (_req, res) => {
    const live = await versions.live();
    const built = await buildFiles(options.files, live?.files ?? readFiles(dir, cwd), undefined, true);
    if (!built.ok) return answerRefused(res, built);
    if (!built.catalogue) return answerProblems(res, built.check.problems.length);
    const status: TranslationsStatus = { version: live?.number ?? 0, languages: translationTable(built.catalogue) };
    res.json(status);
  });
  router.post(TRANSLATIONS_API.mark, express.json(), async (req, res) => {
    const { target, baseVersion } = (req.body ?? {}) as { target?: unknown; baseVersion?: unknown };
    if (typeof target !== 'string' || !target.trim()) return sendError(res, 'TranslationTargetUnknown', { target: '' });
    if (typeof baseVersion !== 'number' || !Number.isInteger(baseVersion) || baseVersion < 0)
      return sendError(res, 'ManifestBaseMissing');
    const live = await versions.live();
    const liveNumber = live?.number ?? 0;
    if (liveNumber !== baseVersion) return answerMoved(res, baseVersion, liveNumber);
    const outcome = markCurrent(sources(live?.files ?? readFiles(dir, cwd)), markTarget(target.trim()));
    if (!outcome.ok)
      return 'problems' in outcome
        ? answerProblems(res, outcome.problems.length)
        : sendError(res, 'TranslationTargetUnknown', { target: outcome.unknown });
    const answer = (version: number): void => void res.json({ marked: outcome.marked, version } satisfies MarkAnswer);
    if (outcome.marked === 0) return answer(liveNumber);
    const files = named(outcome);
    if (!live) {
      const changed = files.filter((f) => outcome.changed.includes(`${MANIFEST_DIR}/${f.name}`));
      const number = (await writeAndPublish(options.files, changed)) ?? 0;
      if (!options.token(req))
        await options.auth.audit(req, { action: 'manifest.publish', object: `version ${number}` });
      return answer(number);
    }
    const built = await buildFiles(options.files, files, options.live(), true);
    if (!built.ok) return answerRefused(res, built);
    const checked = built.check;
    if (!checked.ok) return answerProblems(res, checked.problems.length);
    const note = `Translations marked as reviewed (${target.trim()}) on the translations page.`;
    const { author, actor } = await publisherOf(options.auth, req, options.token);
    const published = await versions.publish({
      base: live.number,
      files,
      author,
      actor,
      note,
      changes: checked.changes,
    });
    if (!published.ok) return answerMoved(res, baseVersion, published.live.number);
    if (built.catalogue) options.files.built?.keep(published.version.hash, built.catalogue);
    await options.published(published.version.number);
    answer(published.version.number);
  });
  return router;
}

/** A site without versions: the edited files are written, then published as any file edit is. */
async function writeAndPublish(options: FilesOptions, files: readonly ManifestFile[]): Promise<number | undefined> {
  const folder = join(options.cwd ?? process.cwd(), options.dir ?? MANIFEST_DIR);
  for (const f of files) await writeFile(join(folder, f.name), f.text);
  return publishFiles(options, 'translations marked as reviewed');
}
