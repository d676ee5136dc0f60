import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MANIFEST_API, type ManifestFile } from '../../engine/shared/manifest.ts';
import { siteFolder, startSiteProcess, type SiteProcess } from '../../testing/site-process.ts';
import { PASSWORD, signInAs } from '../../testing/staff-harness.ts';
import { SQLITE_FILE } from '../db/database.ts';
import { errorText } from '../errors.ts';

/**
 * Only versions whose pages render are published: a server process whose build breaks on a heading
 * only a draft has (a stand-in server bundle that throws for it, as a template bug would) refuses
 * that draft at publish with the page and the error, and publishes a draft without it.
 */
const BREAKS = 'Breaks The Template';
const ENTRY = `export const render = async (_shell, payload) => {
  if (payload.page.heading.includes(${JSON.stringify(BREAKS)})) throw new Error('a template cannot show this heading');
  return { html: '<main>' + payload.path + '</main>', css: '', islands: [] };
};
`;

let folder = '';
let site: SiteProcess;
let cookie = '';

beforeAll(async () => {
  folder = await siteFolder(ENTRY);
  site = await startSiteProcess(folder, { STAFF_PASSWORD: PASSWORD, DRAIN_SECONDS: '0' });
  cookie = await signInAs({ base: site.base, database: { file: join(folder, 'data', SQLITE_FILE) } }, 'editor');
}, 60_000);
afterAll(async () => {
  await site?.stop();
  await rm(folder, { recursive: true, force: true });
});

const publish = (files: readonly ManifestFile[], baseVersion: number) =>
  fetch(`${site.base}${MANIFEST_API.publish}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.base, cookie },
    body: JSON.stringify({ baseVersion, files, note: 'render check' }),
  });

it('refuses a version one of whose pages cannot be shown, naming the page, and publishes one that renders', async () => {
  const live = (await (await fetch(`${site.base}${MANIFEST_API.live}`, { headers: { cookie } })).json()) as {
    version: number;
    files: ManifestFile[];
  };
  const renamed = (heading: string) =>
    live.files.map((f) =>
      // The /pergolas page's own heading (a line of its own: other lines end with the same words).
      f.name === 'pages.yaml' ? { ...f, text: f.text.replace(/^ {6}en: Pergolas$/m, `      en: ${heading}`) } : f,
    );
  expect(renamed(BREAKS)).not.toEqual(live.files);

  const refused = await publish(renamed(BREAKS), live.version);
  expect(refused.status).toBe(422);
  const body = (await refused.json()) as { error: string; page: string };
  expect(body.page).toBe('/pergolas');
  expect(body.error).toBe(
    errorText('ManifestPageFails', { path: '/pergolas', error: 'a template cannot show this heading' }),
  );
  const after = (await (await fetch(`${site.base}${MANIFEST_API.live}`, { headers: { cookie } })).json()) as {
    version: number;
  };
  expect(after.version).toBe(live.version);

  const published = await publish(renamed('Aluminum Pergolas and More'), live.version);
  expect(published.status).toBe(200);
});
