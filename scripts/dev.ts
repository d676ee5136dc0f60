import { spawn, type ChildProcess } from 'node:child_process';
import { formatProblem } from '../engine/index.ts';
import { MANIFEST_DIR } from '../engine/node/read.ts';
import { watchManifest } from './manifest-watch.ts';

/**
 * `npm run dev`: the site, restarted when its code changes (tsx watch) and when the manifest changes,
 * but only to a manifest that is valid: an invalid edit is reported here and the running site keeps
 * serving the last valid manifest.
 */
let child: ChildProcess | undefined;
const startSite = (): void => {
  child = spawn(process.execPath, ['--import', 'tsx', '--watch', 'scripts/start.ts'], { stdio: 'inherit' });
};
const restart = (): void => {
  const old = child;
  if (!old || old.exitCode !== null) return startSite();
  old.once('exit', startSite);
  old.kill('SIGTERM');
};

startSite();
watchManifest(MANIFEST_DIR, {
  onValid: () => {
    console.log('\nManifest changed and is valid: restarting the site ...');
    restart();
  },
  onInvalid: ({ problems }) => {
    for (const p of problems) console.error(formatProblem(p, true));
    console.error(`\n${problems.length} problem(s) in the manifest: the site keeps the last valid one.\n`);
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    child?.kill('SIGTERM');
    process.exit(0);
  });
}
