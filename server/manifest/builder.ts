import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Catalogue } from '../../engine/index.ts';
import type { CatalogueShape } from '../../engine/diff.ts';
import type { CheckResult, ManifestFile } from '../../engine/shared/manifest.ts';
import { errorAnswer, RETRY_AFTER_S, type ErrorAnswer } from '../errors.ts';
import type { Logger } from '../log.ts';
import { fromPieces, type Piece } from './pieces.ts';

/** What the build worker is asked: build these files, diff them against `live`, and answer the catalogue if `keep`. */
export interface BuildJob {
  readonly id: number;
  readonly files: readonly ManifestFile[];
  readonly live?: CatalogueShape | undefined;
  readonly keep: boolean;
}

/** What it answers: the check, and for a valid kept build its previewable pages and the catalogue in pieces. */
export interface BuildAnswer {
  readonly id: number;
  readonly check: CheckResult;
  readonly pages?: readonly string[];
  readonly pieces?: readonly Piece[];
}

/** A build: its check (and the catalogue when kept and valid), or why it was refused. */
export type Built =
  | {
      readonly ok: true;
      readonly check: CheckResult;
      readonly catalogue?: Catalogue;
      readonly pages: readonly string[];
    }
  | { readonly ok: false; readonly refusal: ErrorAnswer; readonly retryAfterS?: number };

/** How long and how much memory one build may take (operators: MANIFEST_CHECK_SECONDS, MANIFEST_CHECK_MB). */
export interface BuildLimits {
  readonly seconds: number;
  readonly megabytes: number;
}

/** A 10,000-member family builds in about 10 s and 600 MB on a loaded 2-core machine. */
export const DEFAULT_BUILD_LIMITS: BuildLimits = { seconds: 60, megabytes: 2048 };

/** The limits of the environment, else the defaults. */
export function buildLimits(env: NodeJS.ProcessEnv): BuildLimits {
  const positive = (name: string, fallback: number): number => {
    const n = Number(env[name]);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    seconds: positive('MANIFEST_CHECK_SECONDS', DEFAULT_BUILD_LIMITS.seconds),
    megabytes: positive('MANIFEST_CHECK_MB', DEFAULT_BUILD_LIMITS.megabytes),
  };
}

const WORKER = new URL('./build-worker.ts', import.meta.url).href;

/**
 * The worker's first lines: it runs TypeScript as this process does, with tsx's loader registered
 * before its entry is read (a loader given in execArgv comes too late for a worker's entry).
 */
function workerBoot(): string {
  const tsxDir = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href;
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER)}); });`;
}

/**
 * The server's manifest builds (checks, previews, publishes, reloads), one at a time, in a worker
 * thread with a time and a memory limit: a build that exceeds one is stopped and refused naming it;
 * a worker that dies is a refusal and the next build starts a new one. The thread that answers
 * requests only receives the result, in pieces (pieces.ts), so `/healthz` and every page keep
 * answering while a large manifest is built.
 */
export class ManifestBuilder {
  #worker: Worker | undefined;
  #next = 1;
  #turn: Promise<unknown> = Promise.resolve();
  #queued = 0;

  constructor(
    readonly limits: BuildLimits,
    private readonly logger?: Logger,
  ) {}

  /** A build the server needs (a reload, the files at start): waits for the one running. */
  run(job: Omit<BuildJob, 'id'>): Promise<Built> {
    this.#queued++;
    const turn = this.#turn.then(() => this.#build(job)).finally(() => this.#queued--);
    this.#turn = turn.catch(() => undefined);
    return turn;
  }

  /** A build a request asks for: refused at once (429) while another runs or waits. */
  tryRun(job: Omit<BuildJob, 'id'>): Promise<Built> {
    if (this.#queued > 0) {
      const seconds = RETRY_AFTER_S;
      return Promise.resolve({ ok: false, refusal: errorAnswer('ManifestBusy', { seconds }), retryAfterS: seconds });
    }
    return this.run(job);
  }

  async close(): Promise<void> {
    await this.#worker?.terminate();
    this.#worker = undefined;
  }

  async #build(job: Omit<BuildJob, 'id'>): Promise<Built> {
    const answer = await this.#ask({ ...job, id: this.#next++ });
    if ('refusal' in answer) return answer;
    const catalogue = answer.pieces && ((await fromPieces(answer.pieces)) as Catalogue);
    return { ok: true, check: answer.check, pages: answer.pages ?? [], ...(catalogue ? { catalogue } : {}) };
  }

  #start(): Worker {
    const worker = new Worker(workerBoot(), {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.megabytes },
    });
    worker.unref();
    // Without a listener an 'error' event would throw in this thread: a dead worker is a refusal only.
    worker.on('error', (err) => this.logger?.warn({ err }, 'The manifest build worker stopped.'));
    worker.on('exit', () => {
      if (this.#worker === worker) this.#worker = undefined;
    });
    return worker;
  }

  /** Posts one job and waits for its answer, the time limit, or the worker's death. */
  #ask(job: BuildJob): Promise<BuildAnswer | Extract<Built, { ok: false }>> {
    const worker = (this.#worker ??= this.#start());
    const { seconds, megabytes } = this.limits;
    return new Promise((resolve) => {
      const done = (answer: BuildAnswer | Extract<Built, { ok: false }>): void => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        resolve(answer);
      };
      const refuse = (refusal: ErrorAnswer): void => {
        this.logger?.warn({ refusal: refusal.name, seconds, megabytes }, 'A manifest build was refused.');
        done({ ok: false, refusal });
      };
      const onMessage = (answer: BuildAnswer): void => {
        if (answer.id === job.id) done(answer);
      };
      const onError = (err: Error & { code?: string }): void =>
        refuse(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? errorAnswer('ManifestCheckTooLarge', { megabytes: String(megabytes) })
            : errorAnswer('ManifestCheckFailed'),
        );
      const onExit = (): void => refuse(errorAnswer('ManifestCheckFailed'));
      const timer = setTimeout(() => {
        refuse(errorAnswer('ManifestCheckTooLong', { seconds: String(seconds) }));
        this.#worker = undefined;
        void worker.terminate();
      }, seconds * 1000);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(job);
    });
  }
}
