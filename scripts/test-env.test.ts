import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { javaVersion, planRequirements, REQUIREMENTS, type Machine, type Requirement } from './test-env.ts';

let dir = '';
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'test-env-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

const ciRoot: Machine = { isRoot: true, hasAptGet: true, unattended: true };
const fileAt = (path: string, install: string): Requirement => ({
  name: path,
  present: () => existsSync(path),
  install,
});

it('is ready when every required file exists', async () => {
  const path = join(dir, 'chromium');
  await writeFile(path, '');
  expect(planRequirements([fileAt(path, 'apt-get install -y chromium')], ciRoot)).toEqual({ kind: 'ready' });
});

it('installs what is missing when it runs unattended as root with apt-get', () => {
  const missing = fileAt(join(dir, 'no-such-browser'), 'apt-get update && apt-get install -y chromium');
  const plan = planRequirements([missing], ciRoot);
  expect(plan).toEqual({
    kind: 'install',
    missing: [missing],
    command: 'apt-get update && apt-get install -y chromium',
  });
});

it('joins the commands of several missing requirements, and skips those present', async () => {
  const present = join(dir, 'present');
  await writeFile(present, '');
  const plan = planRequirements(
    [fileAt(join(dir, 'a'), 'install a'), fileAt(present, 'install p'), fileAt(join(dir, 'b'), 'install b')],
    ciRoot,
  );
  expect(plan.kind === 'install' && plan.command).toBe('install a && install b');
});

it.each([
  [{ isRoot: false, hasAptGet: true, unattended: true }, "sudo sh -c 'apt-get install -y chromium'"],
  [{ isRoot: true, hasAptGet: false, unattended: true }, 'apt-get install -y chromium'],
  [{ isRoot: true, hasAptGet: true, unattended: false }, 'apt-get install -y chromium'],
])('stops with the exact command otherwise (%j)', (machine, command) => {
  const plan = planRequirements([fileAt(join(dir, 'missing'), 'apt-get install -y chromium')], machine);
  expect(plan).toMatchObject({ kind: 'stop', command });
});

it('requires Debian Chromium at /usr/bin/chromium, installed with apt-get', () => {
  expect(REQUIREMENTS.map((r) => r.install)).toContain('apt-get update && apt-get install -y chromium');
  expect(REQUIREMENTS[0]?.present()).toBe(existsSync('/usr/bin/chromium'));
});

it('requires Java 17 or later for the HTML checker, installed with apt-get', () => {
  const java = REQUIREMENTS.find((r) => r.install.includes('default-jre-headless'));
  expect(java?.install).toBe('apt-get update && apt-get install -y default-jre-headless');
  expect(java?.present()).toBe(javaVersion() >= 17);
});
