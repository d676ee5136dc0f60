import { spawn } from 'node:child_process';

/**
 * `npm run dev`: the site, restarted when its code changes (tsx watch). Manifest edits need no
 * restart: the server reloads the manifest itself (server/live/reload.ts), keeping the last valid one
 * when an edit is invalid and logging its problems.
 */
const child = spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts', '--prepare'], {
  stdio: 'inherit',
  // No load balancer to drain for: a code change restarts the server at once.
  env: { ...process.env, DRAIN_SECONDS: process.env['DRAIN_SECONDS'] ?? '0' },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    child.kill('SIGTERM');
    process.exit(0);
  });
}
