import { mkdir, statfs } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Catalogue } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../log.ts';
import type { MediaStore } from '../media/types.ts';
import { manifestHash } from './manifest-hash.ts';
import type { Check, CheckResult } from './readiness.ts';
import type { StoreCalls } from './store-calls.ts';

const MB = 1024 * 1024;
/** A failure of the media store older than this, with no answer since, no longer says it is failing. */
const RECENT_MS = 60_000;

const codeOf = (error: unknown): string =>
  (error as { code?: unknown } | null)?.code?.toString() ?? (error instanceof Error ? error.name : 'error');

/** The catalogue: failing while no valid manifest has been read since the start (503). */
export function catalogueCheck(site: () => { readonly catalogue?: Catalogue; readonly problems: number }): Check {
  return {
    own: true,
    run() {
      const { catalogue, problems } = site();
      if (!catalogue)
        return { state: 'failing', reason: `no valid manifest yet: ${problems} problem(s), listed in the log` };
      const served = `manifest ${manifestHash(catalogue)}, ${catalogue.pages.length} pages`;
      if (problems > 0)
        return { state: 'degraded', reason: `${served}; the files now have ${problems} problem(s), listed in the log` };
      return { state: 'ok', reason: served };
    },
  };
}

/** `select 1` on the site database, through kysely (SQLite or PostgreSQL alike). */
export function selectOne(database: Database): () => Promise<void> {
  return async () => {
    await sql`select 1`.execute(database.db);
  };
}

/**
 * The database: `probe` must answer within `timeoutMs`. Shared by every server, so failing is
 * reported with 200. One probe at a time: a probe still running is waited for, not repeated, until
 * it has hung for `abandonMs` (a connection black-holed). A change of state is logged with the
 * error; the answer names its code only.
 */
export function databaseCheck(probe: () => Promise<void>, logger: Logger, timeoutMs = 1000, abandonMs = 30_000): Check {
  let running: { readonly result: Promise<CheckResult>; readonly since: number } | undefined;
  let last: CheckResult['state'] = 'ok';
  let lastError: unknown;
  const attempt = async (): Promise<CheckResult> => {
    const started = performance.now();
    try {
      await probe();
      return { state: 'ok', reason: `select 1 answered in ${Math.round(performance.now() - started)} ms` };
    } catch (error) {
      lastError = error;
      return { state: 'failing', reason: `select 1 failed (${codeOf(error)})` };
    }
  };
  return {
    own: false,
    async run() {
      if (!running || Date.now() - running.since > abandonMs) {
        const mine = { result: attempt().finally(() => running === mine && (running = undefined)), since: Date.now() };
        running = mine;
      }
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<CheckResult>((done) => {
        const reason = `select 1 gave no answer in ${timeoutMs} ms`;
        timer = setTimeout(() => done({ state: 'failing', reason }), timeoutMs);
      });
      const result = await Promise.race([running.result, late]).finally(() => clearTimeout(timer));
      if (result.state === 'failing' && last !== 'failing')
        logger.warn({ err: lastError, reason: result.reason }, 'readiness: the site database does not answer');
      if (result.state === 'ok' && last === 'failing') logger.info('readiness: the site database answers again');
      last = result.state;
      return result;
    },
  };
}

/**
 * The media store, from what the server knows already (no call of its own): Drive's breaker and
 * paused kinds of call, and how the site's own calls went lately. Shared by every server: 200.
 */
export function mediaStoreCheck(
  store: Pick<MediaStore, 'kind' | 'upstream'>,
  calls: StoreCalls,
  clock = Date.now,
): Check {
  return {
    own: false,
    run() {
      const up = store.upstream?.();
      const name = store.kind === 'drive' ? 'Drive' : 'local files';
      if (up?.breaker === 'open')
        return {
          state: 'failing',
          reason: `${name}: calls refused for ${Math.ceil(up.retryInMs / 1000)} s after repeated failures; pages show cached listings`,
        };
      if (up?.paused.includes('token')) return { state: 'failing', reason: `${name}: no access token can be had` };
      if (up?.breaker === 'half-open') return { state: 'degraded', reason: `${name}: trying again after an outage` };
      if (up && up.paused.length > 0)
        return { state: 'degraded', reason: `${name}: rate limited (${up.paused.join(', ')} calls paused)` };
      const now = clock();
      const outage = calls.lastOutage;
      if (outage && now - outage.at < RECENT_MS)
        return {
          state: 'degraded',
          reason: `${name}: the last call failed ${Math.round((now - outage.at) / 1000)} s ago (${outage.code})`,
        };
      const last = calls.lastAnswer
        ? `last answer ${Math.round((now - calls.lastAnswer) / 1000)} s ago`
        : 'no call yet';
      return { state: 'ok', reason: `${name}: ${last}` };
    },
  };
}

/**
 * Free space where DATA_DIR's caches live (thumbnails, converted videos): below `floorMb` the server
 * answers 503 (it would fail to write them); below twice that, degraded. A floor of 0 never fails.
 */
export function diskCheck(cacheDir: string, floorMb: number): Check {
  let made: Promise<unknown> | undefined;
  return {
    own: true,
    async run() {
      made ??= mkdir(cacheDir, { recursive: true }).catch(() => undefined);
      await made;
      let fs: { bavail: number; bsize: number };
      try {
        fs = await statfs(cacheDir);
      } catch (error) {
        return { state: 'failing', reason: `the disk of DATA_DIR cannot be read (${codeOf(error)})` };
      }
      const free = Math.floor((fs.bavail * fs.bsize) / MB);
      if (free < floorMb) return { state: 'failing', reason: `${free} MB free, below the floor of ${floorMb} MB` };
      if (free < 2 * floorMb) return { state: 'degraded', reason: `${free} MB free, near the floor of ${floorMb} MB` };
      return { state: 'ok', reason: `${free} MB free` };
    },
  };
}
