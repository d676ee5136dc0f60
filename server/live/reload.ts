import { watch } from 'node:fs';
import { resolve } from 'node:path';
import { formatProblem, ParseMemo, type BuildResult, type Catalogue } from '../../engine/index.ts';
import { diffCatalogues, describeDiff } from '../../engine/diff.ts';
import { loadCatalogue, MANIFEST_DIR } from '../../engine/node/read.ts';
import { CatalogueHolder, type SiteHandler } from './catalogue-holder.ts';
import { siteUpdating } from './updating.ts';
import type { Logger } from '../log.ts';

export type ReloadOutcome =
  | { readonly kind: 'swapped'; readonly generation: number; readonly changes: string }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'invalid'; readonly problems: number }
  | { readonly kind: 'failed'; readonly error: unknown };

export interface LiveSite {
  readonly holder: CatalogueHolder;
  /** Problems of the manifest files as last read: 0 when they were valid. */
  readonly problems: number;
  /** Reads the manifest again now (what a file change and SIGHUP do); concurrent calls share a run. */
  reload(reason?: string): Promise<ReloadOutcome>;
  /** Stops watching (and listening for SIGHUP). */
  close(): void;
}

export interface LiveSiteOptions {
  /**
   * The catalogue the server starts with (already valid); undefined when the manifest was invalid at
   * start: the site then answers 503 `SiteUpdating` until the files become valid.
   */
  readonly catalogue: Catalogue | undefined;
  /** How many problems the manifest had at start, when `catalogue` is undefined. */
  readonly problems?: number;
  /** Builds everything that serves one catalogue (data layer, staff tools, app). */
  readonly build: (catalogue: Catalogue) => Promise<SiteHandler>;
  readonly logger: Logger;
  /** The manifest folder (default `manifest`), relative to `cwd`. */
  readonly dir?: string;
  readonly cwd?: string;
  /** Quiet time after the last file event before reading (editors write a file in several steps). */
  readonly debounceMs?: number;
  /** Watch the files (default true) and reload on SIGHUP (default true). */
  readonly watch?: boolean;
  readonly sighup?: boolean;
  /**
   * Where a reload reads the manifest (default: the files). The server reads the live version of the
   * site database (server/manifest/), and its file watch publishes the files there (`filesChanged`).
   */
  readonly read?: () => Promise<BuildResult>;
  /** What a change of the files does (default: reload from them). */
  readonly filesChanged?: (reason: string) => void;
  /** Told each catalogue the site serves from now on (at start and after each swap). */
  readonly serving?: (catalogue: Catalogue) => void;
}

/**
 * The running site, reloaded from the manifest files while it runs. A valid change is built next to
 * the serving catalogue and swapped in (the holder) in one step: no restart, no request dropped, new
 * routes, products, sitemap, checklist and slots from the next request on, render caches new with it.
 * An invalid change is logged, every problem as `file:line:col  message  (hint)`, and the last valid
 * catalogue keeps serving. Each instance reloads from its own files. Started without a catalogue, it
 * serves the first valid one the same way.
 */
export async function startLiveSite(options: LiveSiteOptions): Promise<LiveSite> {
  const { logger } = options;
  const dir = options.dir ?? MANIFEST_DIR;
  const cwd = options.cwd ?? process.cwd();
  const first = options.catalogue;
  const holder = new CatalogueHolder(first && { catalogue: first, handler: await options.build(first) }, siteUpdating);
  if (first) options.serving?.(first);
  const read = options.read ?? (() => Promise.resolve(loadCatalogue(dir, cwd, memo)));
  let problems = first ? 0 : (options.problems ?? 0);

  // Files an edit did not touch are not parsed and validated again.
  const memo = new ParseMemo();
  let running: Promise<ReloadOutcome> | null = null;
  let again = false;
  const once = async (reason: string): Promise<ReloadOutcome> => {
    const started = performance.now();
    const result = await readOrFail(read, logger, reason);
    if ('kind' in result) return result;
    if (!result.ok) {
      problems = result.problems.length;
      for (const p of result.problems) logger.error(formatProblem(p));
      const keeps = holder.current
        ? 'the site keeps serving the last valid manifest'
        : 'the site answers 503 until the manifest is valid';
      logger.warn({ reason, problems }, `Manifest not reloaded: ${problems} problem(s) above; ${keeps}.`);
      return { kind: 'invalid', problems };
    }
    problems = 0;
    const before = holder.current?.catalogue;
    const diff = before && diffCatalogues(before, result.catalogue);
    if (diff?.unchanged && sameManifest(before, result)) {
      logger.info({ reason }, 'Manifest read again: no change.');
      return { kind: 'unchanged' };
    }
    try {
      const handler = await options.build(result.catalogue);
      const generation = holder.swap(result.catalogue, handler).number;
      options.serving?.(result.catalogue);
      const changes = diff ? describeDiff(diff).join('; ') || 'texts changed' : 'first valid manifest';
      const ms = Math.round(performance.now() - started);
      const pages = result.catalogue.pages.length;
      if (diff) logger.info({ reason, generation, ms }, `Manifest reloaded: ${changes}.`);
      else logger.info({ reason, generation, ms }, `Manifest valid: the site serves its ${pages} pages now.`);
      return { kind: 'swapped', generation, changes };
    } catch (error) {
      logger.error(
        { err: error, reason },
        'Manifest valid but the site could not be built from it; keeping the last one.',
      );
      return { kind: 'failed', error };
    }
  };
  const reload = (reason = 'request'): Promise<ReloadOutcome> => {
    if (running) {
      // A change during a reload is read after it: the last edit always wins.
      again = true;
      return running;
    }
    running = once(reason).finally(() => {
      running = null;
      if (again) {
        again = false;
        void reload(reason);
      }
    });
    return running;
  };

  const changed = options.filesChanged ?? ((reason: string) => void reload(reason));
  const stopWatching = options.watch === false ? () => {} : watchManifest(resolve(cwd, dir), changed, options, logger);
  const onHup = (): void => void reload('SIGHUP');
  if (options.sighup ?? true) process.on('SIGHUP', onHup);

  return {
    holder,
    get problems() {
      return problems;
    },
    reload,
    close() {
      stopWatching();
      process.off('SIGHUP', onHup);
    },
  };
}

/** The hash of each catalogue built from a version of the database (server/manifest/source.ts). */
const hashes = new WeakMap<Catalogue, string>();

/** The manifest read again; a read that throws (a build refused over its limits) is a failed reload: what is served stays. */
async function readOrFail(
  read: () => Promise<BuildResult>,
  logger: Logger,
  reason: string,
): Promise<BuildResult | Extract<ReloadOutcome, { kind: 'failed' }>> {
  try {
    const result = await read();
    const hash = (result as { hash?: unknown }).hash;
    if (result.ok && typeof hash === 'string') hashes.set(result.catalogue, hash);
    return result;
  } catch (error) {
    logger.error({ err: error, reason }, 'Manifest not reloaded: it could not be read; keeping the last one.');
    return { kind: 'failed', error };
  }
}

/**
 * Whether a build is the manifest already served. A version read from the database says its hash:
 * comparing two large catalogues whole would hold the thread that answers requests (about 2 s for
 * 10,000 family members); builds without one (files read directly) are compared whole.
 */
function sameManifest(before: Catalogue | undefined, result: BuildResult & { ok: true }): boolean {
  if (before === result.catalogue) return true;
  const [known, hash] = [before && hashes.get(before), hashes.get(result.catalogue)];
  if (known !== undefined && hash !== undefined) return known === hash;
  return JSON.stringify(before) === JSON.stringify(result.catalogue);
}

/** Reloads after the YAML files of `dir` change (once they are quiet for `debounceMs`); returns how to stop. */
function watchManifest(
  dir: string,
  reload: (reason: string) => unknown,
  options: Pick<LiveSiteOptions, 'debounceMs'>,
  logger: Logger,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dir, (_event, file) => {
    if (file && !/\.ya?ml$/.test(String(file))) return;
    clearTimeout(timer);
    timer = setTimeout(() => void reload('file change'), options.debounceMs ?? 150);
  });
  watcher.on('error', (err) => logger.warn({ err }, 'Manifest watch stopped; reload with SIGHUP.'));
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
