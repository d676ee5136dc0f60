import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** Test support: the real entry point in its own process, as a process manager runs it. */
export interface ServerProcess {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<port>` once it logged "Site ready". */
  readonly base: string;
  /** Every line it wrote to stderr (where a generated staff password is shown). */
  readonly stderr: string[];
  /** SIGTERM (or `signal`), then waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `node --import tsx server/main.ts` with `env` over this process's, on a free loopback port. */
export async function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
  const lines = createInterface({ input: child.stdout! });
  const base = await new Promise<string>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`server exited with ${code}: ${stderr.join('\n')}`)));
    lines.on('line', (line) => {
      const msg = (JSON.parse(line) as { msg?: string }).msg ?? '';
      const found = /Site ready at (http:\/\/\S+)/.exec(msg);
      if (found?.[1]) done(found[1].replace('localhost', '127.0.0.1'));
    });
  });
  return {
    child,
    base,
    stderr,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await once(child, 'exit');
    },
  };
}
