import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';

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
 * `dataDir`, and waits until `readyPath` answers 200.
 */
export async function startServerProcess(
  dataDir: string,
  readyPath: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // LOG_LEVEL=warn: one log line per request is the default, but writing it is not what is measured here.
  // DRAIN_SECONDS=0: no load balancer to drain for, SIGTERM ends it at once.
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...env, NODE_ENV: 'production', DRAIN_SECONDS: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (const started = Date.now(); Date.now() - started < 30_000;) {
    if (exited) throw new Error('The server exited before it was ready.');
    const ok = await fetch(`${url}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not start within 30 s.');
}
