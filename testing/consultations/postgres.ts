import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Test support (no part of production code): a throwaway PostgreSQL cluster on loopback, started from
 * the machine's server binaries and removed afterwards.
 */

export const POSTGRES_INSTALL = 'apt-get install -y postgresql';

/** The folder holding `initdb` and `pg_ctl`: `PG_BIN`, else the newest `/usr/lib/postgresql/<v>/bin`, else PATH. */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string {
  const candidates: string[] = [];
  if (env['PG_BIN']) candidates.push(env['PG_BIN']);
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(root, v, 'bin')));
  }
  for (const dir of (env['PATH'] ?? '').split(':')) if (dir) candidates.push(dir);
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error(
      `The PostgreSQL server binaries (initdb, pg_ctl) are not installed, and the storage tests run on PostgreSQL too: run \`${POSTGRES_INSTALL}\` (or set PG_BIN to their folder).`,
    );
  }
  return found;
}

const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });

export interface TestPostgres {
  /** `postgres://` URL of the cluster's `postgres` database. */
  readonly url: string;
  /** A fresh empty database on the same cluster. */
  createDatabase(name: string): string;
  stop(): void;
}

/** initdb refuses to run as root: then the cluster runs as the `postgres` user that Debian's package creates. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const out = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (out.status !== 0) {
    throw new Error(
      `Running as root, and there is no 'postgres' user to run the test cluster as: run \`${POSTGRES_INSTALL}\`.`,
    );
  }
  return { uid: Number(out.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Starts a cluster on a free loopback port (trust auth, user `test`); `stop()` removes it. */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = findPostgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const user = runAs();
  if (user) chownSync(dir, user.uid, user.gid);
  const run = (tool: string, args: string[]): void => {
    const cmd = join(bin, tool);
    const [file, argv] = user ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(file, argv, { stdio: 'pipe' });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'test', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // fsync off: the tests kill the application, never the database.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const url = (db: string): string => `postgres://test@127.0.0.1:${port}/${db}`;
  return {
    url: url('postgres'),
    createDatabase(name) {
      run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'test', name]);
      return url(name);
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
