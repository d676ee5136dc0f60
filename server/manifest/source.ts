import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { BuildResult, Catalogue } from '../../engine/index.ts';
import { shapeOf } from '../../engine/diff.ts';
import { readManifest, MANIFEST_DIR } from '../../engine/node/read.ts';
import type { Logger } from '../log.ts';
import { answerText } from '../errors.ts';
import type { Built, ManifestBuilder } from './builder.ts';
import { buildDraft, checkOf } from './draft.ts';
import type { DraftProblem, ManifestFile } from '../../engine/shared/manifest.ts';
import { manifestHash, type ManifestVersions } from './versions.ts';

/**
 * In DATA_DIR (beside the database it speaks of): the version the files in manifest/ were exported
 * from (or became), so that their next publish is a compare-and-swap on it.
 */
export const VERSION_MARK = 'manifest-files.version';

/** The manifest files on disk, named as in the folder. */
export function readFiles(dir = MANIFEST_DIR, cwd = process.cwd()): ManifestFile[] {
  return readManifest(dir, cwd).sources.map((s) => ({ name: basename(s.file), text: s.text }));
}

/** The version number the files on disk were exported from, if known. */
export async function filesBase(dataDir: string): Promise<number | undefined> {
  const text = await readFile(join(dataDir, VERSION_MARK), 'utf8').catch(() => '');
  const n = Number(text.trim());
  return text.trim() && Number.isInteger(n) && n >= 0 ? n : undefined;
}

export const markFiles = async (number: number, dataDir: string): Promise<void> => {
  await mkdir(dataDir, { recursive: true });
  await writeFile(join(dataDir, VERSION_MARK), `${number}\n`);
};

/** What the live site serves: the live version built, with its number and hash. */
export type LiveBuild = BuildResult & { readonly version: number; readonly hash: string };

/**
 * Catalogues already built, by version hash, so that a reload does not build them again: the one a
 * publish built (until its reload takes it), and the one served (a server hears of its own publish
 * twice: from the publish, and from following the versions).
 */
export class BuiltVersions {
  #kept: { hash: string; catalogue: Catalogue } | undefined;
  #served: { hash: string; catalogue: Catalogue } | undefined;
  keep(hash: string, catalogue: Catalogue): void {
    this.#kept = { hash, catalogue };
  }
  serving(hash: string, catalogue: Catalogue): void {
    this.#served = { hash, catalogue };
  }
  /** The catalogue built for `hash`: a kept one once (memory is not held twice), else the one served. */
  take(hash: string): Catalogue | undefined {
    const kept = this.#kept?.hash === hash ? this.#kept.catalogue : undefined;
    if (kept) this.#kept = undefined;
    return kept ?? (this.#served?.hash === hash ? this.#served.catalogue : undefined);
  }
}

/** How the files are built: in the server's build worker (its limits, one at a time), else on this thread (the CLI). */
export interface Builds {
  readonly builder?: ManifestBuilder;
  readonly built?: BuiltVersions;
}

/** Builds files, checked against `live`, keeping the catalogue when `keep`. */
export async function buildFiles(
  builds: Builds,
  files: readonly ManifestFile[],
  live: Catalogue | undefined,
  keep: boolean,
): Promise<Built> {
  const shape = live && shapeOf(live);
  if (builds.builder) return builds.builder.run({ files, live: shape, keep });
  const built = buildDraft(files);
  const catalogue = keep && built.ok ? { catalogue: built.catalogue } : {};
  return { ok: true, check: checkOf(built, shape), pages: [], ...catalogue };
}

/**
 * Builds the live version (the database is the source of truth once it has one), or takes it as its
 * publish built it. Throws when the build was refused (over its limits): the caller keeps what it serves.
 */
export async function readLive(versions: ManifestVersions, builds: Builds = {}): Promise<LiveBuild | undefined> {
  const live = await versions.live();
  if (!live) return undefined;
  const kept = builds.built?.take(live.hash);
  if (kept) return { ok: true, catalogue: kept, problems: [], version: live.number, hash: live.hash };
  if (!builds.builder) return { ...buildDraft(live.files), version: live.number, hash: live.hash };
  const built = await buildFiles(builds, live.files, undefined, true);
  if (!built.ok) throw new Error(`Version ${live.number} could not be built: ${answerText(built.refusal)}`);
  if (built.catalogue)
    return { ok: true, catalogue: built.catalogue, problems: [], version: live.number, hash: live.hash };
  return { ...buildDraft(live.files), version: live.number, hash: live.hash };
}

export interface FilesOptions extends Builds {
  readonly versions: ManifestVersions;
  /** Where the files' version mark is kept. */
  readonly dataDir: string;
  readonly logger: Logger;
  readonly dir?: string;
  readonly cwd?: string;
  /** The catalogue served now (the change list is described against it). */
  readonly live: () => Catalogue | undefined;
  /** After a publish: tell the other servers and load it here. */
  readonly published: (number: number) => Promise<void>;
}

/**
 * Publishes the files on disk (a first start on an empty database; a developer's file edit): when
 * they are valid and differ from the live version, as a compare-and-swap on the version they came
 * from (`DATA_DIR/manifest-files.version`; 0 on an empty database). Refused, with what to do, when another
 * version was published since. Files never overwrite a version silently.
 */
export async function publishFiles(options: FilesOptions, reason: string): Promise<number | undefined> {
  const { versions, logger } = options;
  const dir = options.dir ?? MANIFEST_DIR;
  const cwd = options.cwd ?? process.cwd();
  const files = readFiles(dir, cwd);
  const liveNumber = await versions.liveNumber();
  const base = liveNumber === 0 ? 0 : await filesBase(options.dataDir);
  const live = liveNumber > 0 ? await versions.get(liveNumber) : undefined;
  if (live && live.hash === manifestHash(files)) {
    // The files are the live version: later edits of them publish on it.
    if (base !== live.number) await markFiles(live.number, options.dataDir).catch(() => undefined);
    return undefined;
  }
  if (base === undefined) {
    logger.warn(
      { reason, live: liveNumber },
      `The manifest files changed but do not say which version they came from: not published. Run npm run manifest -- export, edit, then publish.`,
    );
    return undefined;
  }
  const built = await buildFiles(options, files, options.live(), true);
  if (!built.ok) {
    logger.warn({ reason }, `Manifest files not published: ${answerText(built.refusal)}`);
    return undefined;
  }
  const checked = built.check;
  if (!checked.ok) {
    for (const p of checked.problems) logger.error(formatDraftProblem(p));
    const keeps =
      liveNumber > 0 ? `the site keeps serving version ${liveNumber}` : 'the site answers 503 until they are valid';
    logger.warn(
      { reason, problems: checked.problems.length },
      `Manifest files not published: ${checked.problems.length} problem(s) above; ${keeps}.`,
    );
    return undefined;
  }
  const author = liveNumber === 0 ? 'the files in manifest/' : 'manifest files';
  const note =
    liveNumber === 0 ? 'First version, from the files in manifest/.' : `Published from the files (${reason}).`;
  const outcome = await versions.publish({ base, files, author, note, changes: checked.changes });
  if (!outcome.ok && outcome.live.hash === manifestHash(files)) {
    // Another server started at the same time published these very files: nothing is lost, nothing to do.
    await markFiles(outcome.live.number, options.dataDir).catch(() => undefined);
    logger.info(
      { reason, version: outcome.live.number },
      `Manifest files already published as version ${outcome.live.number} (by another server).`,
    );
    return undefined;
  }
  if (!outcome.ok) {
    logger.warn(
      { reason, base, live: outcome.live.number },
      `Manifest files not published: they came from version ${base}, and version ${outcome.live.number} was published since. Run npm run manifest -- export to take it, then edit again.`,
    );
    return undefined;
  }
  if (built.catalogue) options.built?.keep(outcome.version.hash, built.catalogue);
  await markFiles(outcome.version.number, options.dataDir).catch(() => undefined);
  logger.info(
    { reason, version: outcome.version.number },
    `Manifest files published as version ${outcome.version.number}.`,
  );
  await options.published(outcome.version.number);
  return outcome.version.number;
}

/**
 * What a server starts with: the live version of the database, whatever the files say; on an empty
 * database the files become version 1 first (when they are valid). Without a version (the files
 * invalid on an empty database) the files' own problems are answered: the site is 503 until they
 * are fixed, which publishes them.
 */
export async function startingBuild(options: FilesOptions): Promise<BuildResult> {
  // Files edited while no server ran (a developer's edit, a git pull) are published as any edit is.
  await publishFiles(options, 'start');
  const live = await readLive(options.versions, options).catch((err: unknown) => {
    options.logger.error({ err }, 'The live manifest version could not be built; 503 until one is published.');
    return { ok: false as const, problems: [] as const, version: 0, hash: '' };
  });
  if (live) return live;
  return buildDraft(readFiles(options.dir, options.cwd));
}

/** A draft's problem as `npm run check` prints it: `manifest/file:line:col  message  (hint)`. */
const formatDraftProblem = (p: DraftProblem): string =>
  `${MANIFEST_DIR}/${p.file}:${p.line}:${p.col}  ${p.message}${p.hint ? `  (${p.hint})` : ''}`;
