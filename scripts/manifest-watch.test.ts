import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { FSWatcher } from 'node:fs';
import { watchManifest } from './manifest-watch.ts';

let dir = '';
let watcher: FSWatcher | undefined;
afterEach(() => {
  watcher?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('reports an invalid edit and signals only a valid one', async () => {
  dir = mkdtempSync(join(tmpdir(), 'watch-'));
  cpSync('manifest', dir, { recursive: true });
  const events: string[] = [];
  let next: () => void = () => {};
  const seen = () => new Promise<void>((resolve) => (next = resolve));
  watcher = watchManifest(
    dir,
    {
      onValid: () => (events.push('valid'), next()),
      onInvalid: (r) => (events.push(`invalid:${r.problems[0]?.message}`), next()),
    },
    50,
  );
  const file = join(dir, 'pages.yaml');
  const good = readFileSync(file, 'utf8');

  let change = seen();
  writeFileSync(file, good.replace('    kind: home', '    kind: hom'));
  await change;
  change = seen();
  writeFileSync(file, good.replace('Expertly Shaded Indoors and Out.', 'Shaded Indoors and Out.'));
  await change;

  expect(events).toEqual(["invalid:Unknown page kind 'hom' (did you mean 'home'?).", 'valid']);
});
