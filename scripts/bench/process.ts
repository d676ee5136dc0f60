import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** tsx by its file: the server may run in another folder (`cwd`). */
const TSX = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
/** A big catalogue (the sitemap benchmark's) takes a while to build and check at start. */
const START_MS = 120_000;

/** A TCP port free right now on loopback. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

/**
 * Starts `server/main.ts` in its own process (the load generator must not share its CPU time) on
 * `dataDir`, and waits until `readyPath` answers 200. `cwd` holds the `manifest/` it serves (default
 * this one); `env` adds to its environment.
 */
export async function startServerProcess(
  dataDir: string,
  readyPath: string,
  options: {
    readonly cwd?: string;
    readonly env?: Readonly<Record<string, string>>;
    /** Node options before the server's entry (a preloaded probe); with `ipc`, a message channel to it. */
    readonly execArgv?: readonly string[];
    readonly ipc?: boolean;
  } = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // LOG_LEVEL=warn: one log line per request is the default, but writing it is not what is measured here.
  // DRAIN_SECONDS=0: no load balancer to drain for, SIGTERM ends it at once.
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const child = spawn(
    process.execPath,
    ['--import', TSX, ...(options.execArgv ?? []), fileURLToPath(new URL('../../server/main.ts', import.meta.url))],
    {
      env: { ...env, NODE_ENV: 'production', DRAIN_SECONDS: '0', ...options.env },
      ...(options.cwd ? { cwd: options.cwd } : {}),
      stdio: ['ignore', 'inherit', 'inherit', ...(options.ipc ? (['ipc'] as const) : [])],
    },
  );
  let exited = false;
  child.once('exit', () => (exited = true));
  for (const started = Date.now(); Date.now() - started < START_MS;) {
    if (exited) throw new Error('The server exited before it was ready.');
    const ok = await fetch(`${url}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`The server did not start within ${START_MS / 1000} s.`);
}
