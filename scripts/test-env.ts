import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The first step of `npm test`: what the tests need from the machine beyond `npm ci`. Each missing
 * requirement is installed when this process may do it unattended (root, apt-get, CI or no terminal);
 * otherwise the tests stop at once with the exact command to run.
 */

export interface Requirement {
  /** What it is and who needs it, for people. */
  readonly name: string;
  /** True when the machine has it. */
  readonly present: () => boolean;
  /** A shell command that installs it on Debian as root, non-interactively. */
  readonly install: string;
}

const onPath = (path: string) => (): boolean => existsSync(path);

/** The major version of the `java` on the PATH (`openjdk version "17.0.15"`, or `"1.8.0_402"` for 8); 0 without one. */
export function javaVersion(): number {
  const run = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const m = /version "(\d+)(?:\.(\d+))?/.exec(`${run.stderr ?? ''}${run.stdout ?? ''}`);
  if (!m) return 0;
  return m[1] === '1' ? Number(m[2]) : Number(m[1]);
}

/** Add a requirement here (for example PostgreSQL) and `npm test` checks and installs it too. */
export const REQUIREMENTS: readonly Requirement[] = [
  {
    name: 'Chromium at /usr/bin/chromium (the end-to-end tests)',
    present: onPath('/usr/bin/chromium'),
    install: 'apt-get update && apt-get install -y chromium',
  },
  {
    name: 'the PostgreSQL server (the consultation storage tests run on SQLite and on PostgreSQL)',
    present: () =>
      existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)),
    install: 'apt-get update && apt-get install -y postgresql',
  },
  {
    name: 'Java 17 or later (the W3C Nu HTML checker, vnu.jar, checks the pages in the end-to-end tests)',
    present: () => javaVersion() >= 17,
    install: 'apt-get update && apt-get install -y default-jre-headless',
  },
];

/** What this process may do by itself. */
export interface Machine {
  readonly isRoot: boolean;
  readonly hasAptGet: boolean;
  /** Nobody can answer a prompt: CI is set, or stdin is not a terminal. */
  readonly unattended: boolean;
}

export function thisMachine(env: NodeJS.ProcessEnv = process.env): Machine {
  return {
    isRoot: process.getuid?.() === 0,
    hasAptGet: existsSync('/usr/bin/apt-get'),
    unattended: Boolean(env['CI']) || !process.stdin.isTTY,
  };
}

export type Plan =
  | { readonly kind: 'ready' }
  | { readonly kind: 'install'; readonly missing: readonly Requirement[]; readonly command: string }
  | { readonly kind: 'stop'; readonly missing: readonly Requirement[]; readonly command: string };

/** Decides what to do about the requirements on this machine (pure but for each `present()`). */
export function planRequirements(requirements: readonly Requirement[], machine: Machine): Plan {
  const missing = requirements.filter((r) => !r.present());
  if (missing.length === 0) return { kind: 'ready' };
  const command = missing.map((r) => r.install).join(' && ');
  if (machine.isRoot && machine.hasAptGet && machine.unattended) return { kind: 'install', missing, command };
  return { kind: 'stop', missing, command: machine.isRoot ? command : `sudo sh -c '${command}'` };
}

function main(): void {
  const plan = planRequirements(REQUIREMENTS, thisMachine());
  if (plan.kind === 'ready') return;
  const names = plan.missing.map((r) => r.name).join('; ');
  if (plan.kind === 'stop') {
    console.error(
      `The tests need what this machine lacks: ${names}.\nInstall it, then run npm test again:\n\n  ${plan.command}\n`,
    );
    process.exit(1);
  }
  console.log(`Installing what the tests need: ${names} ...\n  ${plan.command}`);
  const run = spawnSync('sh', ['-c', plan.command], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const still = REQUIREMENTS.filter((r) => !r.present());
  if (run.status !== 0 || still.length > 0) {
    console.error(
      `Installing failed (${still.map((r) => r.name).join('; ') || `exit ${run.status}`}). Run it by hand:\n\n  ${plan.command}\n`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
