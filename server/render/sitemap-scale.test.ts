import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { syntheticManifest } from '../../scripts/bench/engine.ts';
import { siteFolder, startSiteProcess, type SiteProcess } from '../../testing/site-process.ts';
import { expectReciprocal, sitemapsOf, urlsOf } from '../../testing/sitemap-xml.ts';

/**
 * A 10,000-member family published in both languages (30,000 pages a language): the sitemap that ran
 * the server out of memory at 1,000 members answers, as an index of parts of at most 50,000 URLs, and
 * the server stays up. Figures (time, memory) are the benchmark's (`npm run bench sitemap`).
 */

const MEMBERS = 10_000;
const BASE_URL = 'https://www.shadeandshelter.example';

let site: SiteProcess;
let dir = '';

beforeAll(async () => {
  dir = await siteFolder();
  for (const s of syntheticManifest(MEMBERS, { spanish: true })) await writeFile(join(dir, s.file), s.text);
  // Building and checking a catalogue this big at start takes a while on a busy machine: the build's
  // own limits (server/manifest/builder.ts) are not what this test is about.
  site = await startSiteProcess(dir, { MANIFEST_CHECK_SECONDS: '300', MANIFEST_CHECK_MB: '4096' }, 120_000);
}, 150_000);
afterAll(async () => {
  await site?.stop();
  await rm(dir, { recursive: true, force: true });
});

const text = async (url: string): Promise<string> => {
  const res = await fetch(url.replace(BASE_URL, site.base));
  expect(res.status, url).toBe(200);
  return res.text();
};

it('answers /sitemap.xml of a 10,000-member catalogue as an index of parts, each page once, and stays up', async () => {
  const parts = sitemapsOf(await text(`${BASE_URL}/sitemap.xml`));
  expect(parts).toEqual([`${BASE_URL}/sitemap-pages-1.xml`, `${BASE_URL}/sitemap-pages-2.xml`]);
  // Everything asked before anything is parsed: parsing megabytes blocks this process, and a kept-alive
  // connection the server closed meanwhile would fail the next request.
  const texts = [];
  for (const part of parts) texts.push(await text(part));
  expect((await fetch(`${site.base}/sitemap-pages-3.xml`)).status).not.toBe(200);
  expect((await fetch(`${site.base}/healthz`)).status).toBe(200);
  expect(site.child.exitCode).toBeNull();

  const urls = texts.flatMap((t) => {
    const listed = urlsOf(t);
    expect(listed.length).toBeLessThanOrEqual(50_000);
    return listed;
  });
  expect(urls.length).toBeGreaterThan(2 * 3 * MEMBERS);
  // Every address once (the parts do not overlap), the alternates reciprocal across the parts.
  expectReciprocal(urls);
  const last = `/pergola-synthetic-${MEMBERS - 1}`;
  const locs = new Set(urls.map((u) => u.loc));
  for (const path of [last, `/es${last}`, `${last}-videos`, `/es${last}-images`])
    expect(locs.has(`${BASE_URL}${path}`), path).toBe(true);
}, 60_000);
