import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { formatProblem, type BuildResult, type Catalogue } from '../../engine/index.ts';
import { readManifest, MANIFEST_DIR } from '../../engine/node/read.ts';
import type { Logger } from '../log.ts';
import { buildDraft, checkDraft } from './api.ts';
import type { ManifestFile } from '../../engine/shared/manifest.ts';
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

/** Builds the live version (the database is the source of truth once it has one). */
export async function readLive(versions: ManifestVersions): Promise<LiveBuild | undefined> {
  const live = await versions.live();
  if (!live) return undefined;
  return { ...buildDraft(live.files), version: live.number, hash: live.hash };
}

export interface FilesOptions {
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
  const checked = checkDraft(files, options.live());
  if (!checked.ok) {
    for (const p of buildDraftProblems(files)) logger.error(p);
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
  if (!outcome.ok) {
    logger.warn(
      { reason, base, live: outcome.live.number },
      `Manifest files not published: they came from version ${base}, and version ${outcome.live.number} was published since. Run npm run manifest -- export to take it, then edit again.`,
    );
    return undefined;
  }
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
  const live = await readLive(options.versions);
  if (live) return live;
  return buildDraft(readFiles(options.dir, options.cwd));
}

const buildDraftProblems = (files: readonly ManifestFile[]): string[] => {
  const built = buildDraft(files);
  return built.ok ? [] : built.problems.map((p) => formatProblem(p));
};
