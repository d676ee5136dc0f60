import { rmSync } from 'node:fs';

/** Removes the e2e data folder the config made (serve.ts keeps one it was given). */
export default function teardown(): void {
  const dir = process.env['E2E_DATA_DIR'];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
