import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { BUILD_OUTPUTS, whyBuild } from './build-state.ts';

const root = mkdtempSync(join(tmpdir(), 'shade-build-state-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
function write(file: string, minutes: number): void {
  const path = join(root, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '//');
  utimesSync(path, at(minutes), at(minutes));
}

it('builds when an output is missing, when a bundle source changed after the build, and not otherwise', () => {
  write('site/app/App.tsx', 0);
  write('engine/shared/page.ts', 0);
  write('vite.config.ts', 0);
  expect(whyBuild(root)).toBe(`${BUILD_OUTPUTS.join(' and ')} missing`);

  write(BUILD_OUTPUTS[0]!, 10);
  expect(whyBuild(root)).toBe(`${BUILD_OUTPUTS[1]} missing`); // an interrupted build
  write(BUILD_OUTPUTS[1]!, 10);
  expect(whyBuild(root)).toBeNull();

  // Not inputs of the bundles: end-to-end tests, fixtures, the manifest (read at run time), notes.
  write('site/e2e/routes.spec.ts', 20);
  write('engine/__fixtures__/bad.yaml', 20);
  write('manifest/catalogue.yaml', 20);
  write('site/NOTES.md', 20);
  expect(whyBuild(root)).toBeNull();

  write('engine/shared/page.ts', 20); // a git pull brought a new shared shape
  expect(whyBuild(root)).toBe(`${join('engine', 'shared', 'page.ts')} changed since the last build`);
  write(BUILD_OUTPUTS[0]!, 30);
  write(BUILD_OUTPUTS[1]!, 30);
  expect(whyBuild(root)).toBeNull();
  write('package-lock.json', 40); // dependencies changed
  expect(whyBuild(root)).toBe('package-lock.json changed since the last build');
});
