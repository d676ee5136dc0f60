import { rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_API, type CheckResult, type DraftPreview, type ManifestFile } from '../../engine/shared/manifest.ts';
import { aliasBomb, deepNesting, withFile, withMembers } from '../../testing/large-manifests.ts';
import { siteFolder, startSiteProcess, type SiteProcess } from '../../testing/site-process.ts';
import { PASSWORD, signInAs } from '../../testing/staff-harness.ts';
import { SQLITE_FILE } from '../db/database.ts';
import { VERSION_MARK } from './source.ts';

// One real server process (its own folder, SQLite) given what once stopped a server: an alias bomb,
// 100,000-deep nesting and a 10,000-member family, through the API and as file edits. Meanwhile
// /healthz is probed every 100 ms: each probe must be answered (2 s hang guard, not a timing claim).
const TOKEN = 'a-token-for-scripts-0123456789';
const FAMILY = 10_000;
let folder = '';
let site: SiteProcess;
let cookie = '';
/** The shipped manifest, a draft that checks quickly. */
let small: ManifestFile[] = [];
const probes = { answered: 0, failed: [] as string[], phase: 'start' };
let probing: Promise<void> | undefined;
let stopped = false;

async function probe(base: string): Promise<void> {
  while (!stopped) {
    const started = Date.now();
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) probes.answered++;
      else probes.failed.push(`${probes.phase}: status ${res.status}`);
    } catch (error) {
      probes.failed.push(`${probes.phase}: no answer in ${Date.now() - started} ms (${String(error)})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  folder = await siteFolder();
  site = await startSiteProcess(folder, { STAFF_PASSWORD: PASSWORD, MANIFEST_TOKEN: TOKEN, DRAIN_SECONDS: '0' });
  cookie = await signInAs({ base: site.base, database: { file: join(folder, 'data', SQLITE_FILE) } }, 'editor');
  small = (await live()).files;
  probing = probe(site.base);
}, 60_000);

afterAll(async () => {
  stopped = true;
  await probing;
  await site?.stop();
  await rm(folder, { recursive: true, force: true });
});

const post = (path: string, body: unknown): Promise<Response> =>
  fetch(`${site.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(body),
  });
const live = async (): Promise<{ version: number; files: ManifestFile[] }> =>
  (await (
    await fetch(`${site.base}${MANIFEST_API.live}`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).json()) as {
    version: number;
    files: ManifestFile[];
  };
/** Polls a page until it answers `status` (hang guard 60 s). */
async function servedWithin(path: string, status = 200): Promise<void> {
  const until = Date.now() + 60_000;
  while ((await fetch(`${site.base}${path}`)).status !== status) {
    if (Date.now() > until) throw new Error(`${path} never answered ${status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const HOSTILE = [
  {
    name: 'bomb.yaml',
    text: aliasBomb(),
    says: /aliases \(\*name\) of this file expand it to more than 1,000,000 values/,
  },
  { name: 'deep.yaml', text: deepNesting(), says: /nested more than 50 levels deep/ },
];

describe('a manifest cannot stop the server', () => {
  it('an alias bomb and 100,000-deep nesting are located problems through check, preview and publish', async () => {
    const { version, files } = await live();
    for (const hostile of HOSTILE) {
      const draft = withFile(files, hostile.name, hostile.text);
      const checked = await post(MANIFEST_API.check, { files: draft });
      expect(checked.status).toBe(200);
      const result = (await checked.json()) as CheckResult;
      expect(result.ok).toBe(false);
      expect(result.problems).toEqual([expect.objectContaining({ file: hostile.name, line: expect.any(Number) })]);
      expect(result.problems[0]?.message).toMatch(hostile.says);
      expect((await post(MANIFEST_API.preview, { files: draft })).status).toBe(422);
      const published = await post(MANIFEST_API.publish, { baseVersion: version, files: draft });
      expect(published.status).toBe(422);
      const { problems } = (await published.json()) as CheckResult;
      expect(problems[0]?.message).toMatch(hostile.says);
    }
    expect((await live()).version).toBe(version);
  }, 30_000);

  it('keeps the newest 5 previews of an author: the sixth answer says older ones went, and the first no longer opens', async () => {
    const made: DraftPreview[] = [];
    for (let i = 0; i < 6; i++)
      made.push((await (await post(MANIFEST_API.preview, { files: small, author: 'Ann' })).json()) as DraftPreview);
    expect(made.slice(0, 5).map((p) => p.notice)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(made[5]?.notice).toMatch(
      /^1 older preview\(s\) were removed to keep this one \(each author keeps the newest 5/,
    );
    expect((await fetch(`${site.base}${made[0]?.url}`, { headers: { cookie } })).status).toBe(404);
    expect((await fetch(`${site.base}${made[5]?.url}`, { headers: { cookie } })).status).toBe(200);
  }, 30_000);

  it('as file edits of the running server, they are logged at their place and never published', async () => {
    for (const hostile of HOSTILE) {
      const from = site.log.length;
      const file = join(folder, 'manifest', hostile.name);
      await writeFile(file, hostile.text);
      const line = await site.logged(new RegExp(`^manifest/${hostile.name.replace('.', '\\.')}:\\d+:\\d+ `), from);
      expect(line.msg).toMatch(hostile.says);
      await site.logged(/^Manifest files not published/, from);
      await unlink(file);
    }
    expect((await live()).version).toBe(1);
  }, 30_000);

  it(`a ${FAMILY.toLocaleString('en-US')}-member family is checked, previewed (no cache keeps it) and published`, async () => {
    const { version, files } = await live();
    const draft = withMembers(files, FAMILY);
    probes.phase = 'check of the family';
    const checked = (await (await post(MANIFEST_API.check, { files: draft })).json()) as CheckResult;
    expect(checked).toMatchObject({ ok: true, problems: [] });
    expect(checked.changes).toContain(
      `adds ${FAMILY * 3} pages: /pergola-synthetic-0, /pergola-synthetic-0-images, /pergola-synthetic-0-videos, /pergola-synthetic-1, /pergola-synthetic-1-images, /pergola-synthetic-1-videos, ... (${FAMILY * 3 - 6} more)`,
    );

    probes.phase = 'preview of the family';
    const previewed = await post(MANIFEST_API.preview, { files: draft });
    expect(previewed.status).toBe(200);
    const preview = (await previewed.json()) as DraftPreview;
    expect(preview.pages).toContain(`/pergola-synthetic-${FAMILY - 1}`);
    probes.phase = 'a page of its preview';
    const page = await fetch(`${site.base}${preview.url}pergola-synthetic-${FAMILY - 1}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('cdn-cache-control')).toBe('no-store');

    probes.phase = 'publish of the family';
    const published = await post(MANIFEST_API.publish, { baseVersion: version, files: draft });
    expect(published.status).toBe(200);
    await servedWithin(`/pergola-synthetic-${FAMILY - 1}`);
  }, 120_000);

  it('as a file edit, one more member is published and served; a check meanwhile is refused with Retry-After', async () => {
    const { version, files } = await live();
    // The files say which version they came from, as `npm run manifest -- export` leaves them.
    await writeFile(join(folder, 'data', VERSION_MARK), `${version}\n`);
    const from = site.log.length;
    const family = withMembers(files, 1, 'extra').find((f) => f.name === 'families.yaml');
    probes.phase = 'file edit of the family';
    await writeFile(join(folder, 'manifest', 'families.yaml'), family?.text ?? '');
    let busy: Response | undefined;
    while (!busy && !site.log.slice(from).some((l) => /^Manifest files published/.test(l.msg))) {
      const res = await post(MANIFEST_API.check, { files: small });
      if (res.status === 429) busy = res;
      else await res.arrayBuffer();
    }
    expect(busy?.headers.get('retry-after')).toMatch(/^\d+$/);
    await site.logged(/^Manifest files published as version/, from);
    await servedWithin('/pergola-extra-0');
  }, 120_000);

  it('the process never stopped and answered every /healthz probe meanwhile', () => {
    expect(site.child.exitCode).toBeNull();
    expect(probes.failed).toEqual([]);
    expect(probes.answered).toBeGreaterThan(10);
  });
});
