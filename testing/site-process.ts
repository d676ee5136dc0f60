import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Test support: the server as it runs for real (`node --import tsx server/main.ts`, what a process
 * manager starts) in a process of its own, in a working folder of its own: a copy of the manifest
 * and a stand-in build whose pages are their path in a <main> (the real one needs `npm run build`).
 */

const REPO = fileURLToPath(new URL('..', import.meta.url));
const TSX = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const ENTRY = `export const render = async (_shell, payload) => ({ html: '<main>' + payload.path + '</main>', css: '', islands: [] });\n`;
/** Hang guard of each wait (not a timing assertion). */
const WAIT_MS = 30_000;

export interface LogLine {
  readonly msg: string;
  readonly [key: string]: unknown;
}

/**
 * A working folder: `manifest/` (a copy of the repository's), `dist/` (a stand-in build whose server
 * bundle is `entry`: by default a page is its path in a <main>), `data/`.
 */
export async function siteFolder(entry = ENTRY): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shade-site-'));
  await cp(join(REPO, 'manifest'), join(dir, 'manifest'), { recursive: true });
  await mkdir(join(dir, 'dist', 'server'), { recursive: true });
  await mkdir(join(dir, 'dist', 'client', '.vite'), { recursive: true });
  await writeFile(join(dir, 'dist', 'client', '.vite', 'manifest.json'), '{}');
  await writeFile(join(dir, 'dist', 'server', 'entry-server.js'), entry);
  return dir;
}

export interface SiteProcess {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  /** `http://127.0.0.1:<port>/metrics`, when METRICS_PORT was given. */
  readonly metricsUrl?: string;
  readonly child: ChildProcess;
  readonly log: readonly LogLine[];
  /** The lines it wrote to stderr (also passed on to this process's), where a generated password is shown. */
  readonly stderr: readonly string[];
  /** The first log line matching `re` from index `from` on (waits for it). */
  logged(re: RegExp, from?: number): Promise<LogLine>;
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the server in `dir` (see `siteFolder`) on a free loopback port, with the data in `dir/data`
 * unless `env` says otherwise; resolves once it listens.
 */
export async function startSiteProcess(
  dir: string,
  env: Record<string, string> = {},
  /** Hang guard of each wait for a log line (a big catalogue takes a while to build at start). */
  waitMs = WAIT_MS,
): Promise<SiteProcess> {
  const child = spawn(process.execPath, ['--import', TSX, join(REPO, 'server', 'main.ts')], {
    cwd: dir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    stderr.push(line);
    process.stderr.write(`${line}\n`);
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const log: LogLine[] = [];
  const waiters: (() => void)[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      log.push(JSON.parse(line) as LogLine);
    } catch {
      log.push({ msg: line });
    }
    for (const w of waiters.splice(0)) w();
  });
  const logged = async (re: RegExp, from = 0): Promise<LogLine> => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const hit = log.slice(from).find((l) => re.test(l.msg));
      if (hit) return hit;
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`not logged: ${re}\n${log.map((l) => l.msg).join('\n')}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 200);
      });
    }
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> => {
    if (child.exitCode === null) child.kill(signal);
    return exited;
  };
  try {
    const listening = await logged(/^(Site ready|Listening) at /);
    const base = String(listening['url']).replace('localhost', '127.0.0.1');
    const metrics = env['METRICS_PORT'] === undefined ? undefined : await logged(/^Metrics at /);
    return { base, ...(metrics ? { metricsUrl: String(metrics['url']) } : {}), child, log, stderr, logged, stop };
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
}
