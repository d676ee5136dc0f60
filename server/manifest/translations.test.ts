import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_API, type ManifestFile } from '../../engine/shared/manifest.ts';
import { TRANSLATIONS_API, type MarkAnswer, type TranslationsStatus } from '../../engine/shared/translations.ts';
import { standInDist, startErrorSite, type ErrorSite } from '../../testing/error-site.ts';
import { signInAs } from '../../testing/staff-harness.ts';
import { LocalStore } from '../media/local.ts';

// The real app on loopback with its site database (SQLite): the files of manifest/ became version 1.
let dataDir = '';
let site: ErrorSite;
let cookie = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'translations-page-'));
  const distDir = await standInDist(dataDir);
  site = await startErrorSite({ dataDir, store: new LocalStore({ dataDir }), distDir });
  cookie = await signInAs(site, 'editor');
}, 30_000);

afterAll(async () => {
  await site?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const call = (path: string, body?: unknown, headers: Record<string, string> = { cookie }) =>
  fetch(`${site.base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', origin: site.base, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const status = async (): Promise<TranslationsStatus> =>
  (await (await call(TRANSLATIONS_API.status)).json()) as TranslationsStatus;
const liveManifest = async (): Promise<{ version: number; files: ManifestFile[] }> =>
  (await (await call(MANIFEST_API.live)).json()) as { version: number; files: ManifestFile[] };
const home = (s: TranslationsStatus) => s.languages[0]?.groups.find((g) => g.target === '/');

describe('the translations page', () => {
  it('is for staff: the page and its API ask for a session', async () => {
    expect((await call(TRANSLATIONS_API.status, undefined, {})).status).toBe(401);
    expect((await call(TRANSLATIONS_API.mark, { target: '/', baseVersion: 1 }, {})).status).toBe(401);
    const page = await fetch(`${site.base}/admin/translations`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const signedIn = await fetch(`${site.base}/admin/translations`, { headers: { cookie } });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain('"kind":"translation-status"');
  });

  it("shows the live version's status: per language published or not, pages complete, each page's texts", async () => {
    // The shipped manifest is reviewed throughout; then the home page's English heading is rewritten.
    expect(home(await status())).toBeUndefined();
    const { files } = await liveManifest();
    const edited = files.map((f) =>
      f.name === 'pages.yaml'
        ? { ...f, text: f.text.replace('en: Expertly Shaded Indoors and Out.', 'en: Shade, Indoors and Out.') }
        : f,
    );
    expect(edited).not.toEqual(files);
    const published = await call(MANIFEST_API.publish, { baseVersion: 1, files: edited, note: 'new heading' });
    expect(published.status).toBe(200);
    const s = await status();
    expect(s.version).toBe(2);
    const es = s.languages[0];
    expect(es).toMatchObject({ language: 'es', name: 'Spanish', published: true });
    expect(es?.complete).toBeGreaterThan(0);
    expect(es?.total).toBeGreaterThanOrEqual(es?.complete ?? 0);
    const rows = home(s)?.rows ?? [];
    expect(rows.length).toBeGreaterThan(0);
    // Its translation is stale: reviewed against the English text before the edit; still published.
    expect(rows.map((r) => [r.state, r.source])).toEqual([['stale', 'Shade, Indoors and Out.']]);
    expect(rows.every((r) => r.translation)).toBe(true);
    expect(rows[0]?.place).toMatch(/^manifest\/\w+\.yaml:\d+:\d+$/);
  });

  it('marks a page as reviewed by publishing a new version, whose files keep the marks', async () => {
    const res = await call(TRANSLATIONS_API.mark, { target: '/', baseVersion: 2 });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as MarkAnswer;
    expect(answer.version).toBe(3);
    expect(answer.marked).toBe(1);
    const live = await liveManifest();
    expect(live.version).toBe(3);
    expect(live.files.some((f) => /reviewed: \{ es: '?[0-9a-f]{8}'? \}/.test(f.text))).toBe(true);
    const after = await status();
    expect(after.version).toBe(3);
    expect(home(after)).toBeUndefined();
  });

  it('refuses a mark on a version that is no longer live (409, nothing published), and an unknown page', async () => {
    const res = await call(TRANSLATIONS_API.mark, { target: 'all', baseVersion: 2 });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(
      'Version 3 was published after version 2, the one the translations were read from; nothing was marked.',
    );
    expect((await liveManifest()).version).toBe(3);
    const unknown = await call(TRANSLATIONS_API.mark, { target: '/nowhere', baseVersion: 3 });
    expect(unknown.status).toBe(404);
    expect((await liveManifest()).version).toBe(3);
  });
});
