import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expand } from '../../engine/expand.ts';
import { buildCatalogue } from '../../engine/index.ts';
import { readManifest } from '../../engine/node/read.ts';
import { unreadSections, withEmptySections } from '../../engine/partial.ts';
import { MANIFEST_API, type ManifestFile } from '../../engine/shared/manifest.ts';
import { parseSources } from '../../engine/source.ts';
import { defaultLanguageInput } from '../../engine/translations.ts';
import { usableManifest } from '../../engine/usable.ts';
import { schemaCheck } from '../../engine/validate.ts';
import { withMembers } from '../../testing/large-manifests.ts';
import { siteFolder, startSiteProcess, type SiteProcess } from '../../testing/site-process.ts';

const SIZES = [0, 1_000, 5_000, 10_000];
const TOKEN = 'bench-manifest-token-0123456789';
const ms = (n: number): string => n.toFixed(0).padStart(7);
const sources = (files: readonly ManifestFile[]) => files.map((f) => ({ file: `manifest/${f.name}`, text: f.text }));

/** The engine on this thread: the whole build, and validate + expand alone (the engine's target). */
function engineTimes(files: readonly ManifestFile[]): { build: number; validateExpand: number; pages: number } {
  let t = performance.now();
  const built = buildCatalogue(sources(files));
  const build = performance.now() - t;
  if (!built.ok) throw new Error(`the manifest is invalid: ${built.problems[0]?.message}`);
  const parsed = parseSources(sources(files));
  const m = parsed.manifest;
  t = performance.now();
  const schema = schemaCheck(m);
  const unread = unreadSections(m.data, parsed.unreadable, parsed.ignored);
  const usable = usableManifest(withEmptySections(m.data, unread), schema.invalid);
  if (!usable) throw new Error('nothing usable');
  expand(defaultLanguageInput(usable.input, m, []), m, []);
  return { build, validateExpand: performance.now() - t, pages: built.catalogue.pages.length };
}

/** Latencies of /healthz, asked every 20 ms while `during` runs. */
async function healthzDuring<T>(base: string, during: Promise<T>): Promise<{ result: T; p50: number; max: number }> {
  const latencies: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const t = performance.now();
      // A probe the server does not answer counts as the time it waited.
      await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) })
        .then((r) => r.arrayBuffer())
        .catch((error: unknown) => console.log(`  /healthz failed: ${String(error)}`));
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const result = await during.finally(() => (done = true));
  await probing;
  latencies.sort((a, b) => a - b);
  return { result, p50: latencies[Math.floor(latencies.length / 2)] ?? 0, max: latencies.at(-1) ?? 0 };
}

const post = (site: SiteProcess, path: string, body: unknown): Promise<Response> =>
  fetch(`${site.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(body),
  });

/** A check over HTTP of a server process (its build worker), timed, with /healthz probed meanwhile. */
async function checkOverHttp(site: SiteProcess, files: readonly ManifestFile[]) {
  const t = performance.now();
  const probed = await healthzDuring(
    site.base,
    post(site, MANIFEST_API.check, { files }).then((r) => r.json() as Promise<{ ok: boolean }>),
  );
  if (!probed.result.ok) throw new Error('the check found problems');
  return { ms: performance.now() - t, ...probed };
}

/** A publish over HTTP until the server serves it, with /healthz probed meanwhile. */
async function publishOverHttp(site: SiteProcess, files: readonly ManifestFile[], last: string) {
  const t = performance.now();
  const served = (async () => {
    const res = await post(site, MANIFEST_API.publish, { baseVersion: 1, files });
    if (res.status !== 200) throw new Error(`publish answered ${res.status}`);
    while ((await fetch(`${site.base}${last}`)).status !== 200) await new Promise((r) => setTimeout(r, 50));
  })();
  const probed = await healthzDuring(site.base, served);
  return { ms: performance.now() - t, ...probed };
}

/** A server started again on the same database: how long until `path` answers 200. */
async function restartUntilServed(folder: string, path: string): Promise<number> {
  const t = performance.now();
  const again = await startSiteProcess(folder, { MANIFEST_TOKEN: TOKEN, DRAIN_SECONDS: '0' });
  try {
    while ((await fetch(`${again.base}${path}`)).status !== 200) await new Promise((r) => setTimeout(r, 50));
    return performance.now() - t;
  } finally {
    await again.stop();
  }
}

/**
 * Manifest checks as the family grows, each size against the shipped manifest (0 members more) in the
 * same run: the engine on this thread (the whole build, and validate + expand, whose target is 10,000
 * members under 1 s), then a check over HTTP of a server process, which builds in its worker, with
 * /healthz asked every 20 ms meanwhile (target: under 100 ms), a publish of the largest, and a restart
 * with it live.
 */
export async function benchManifest(): Promise<void> {
  const files = readManifest().sources.map((s) => ({ name: basename(s.file), text: s.text }));
  engineTimes(files); // warm up the JIT and the compiled schema
  // The engine first: its synchronous builds here would leave this process's keep-alive sockets to the
  // server unread while the server closes them.
  const engine = SIZES.map((n) => engineTimes(withMembers(files, n)));
  const folder = await siteFolder();
  const site = await startSiteProcess(folder, { MANIFEST_TOKEN: TOKEN, DRAIN_SECONDS: '0' });
  try {
    console.log(
      '\nManifest: engine on this thread, then a server process (build worker) over HTTP; 0 members = baseline',
    );
    console.log('  members   pages   build  valid+exp   check   /healthz p50    max');
    for (const [i, n] of SIZES.entries()) {
      const e = engine[i] ?? { pages: 0, build: 0, validateExpand: 0 };
      const http = await checkOverHttp(site, withMembers(files, n));
      console.log(
        `  ${String(n).padStart(7)} ${String(e.pages).padStart(7)} ${ms(e.build)}    ${ms(e.validateExpand)} ` +
          `${ms(http.ms)}        ${ms(http.p50)} ${ms(http.max)}`,
      );
    }
    const largest = SIZES.at(-1) ?? 0;
    const published = await publishOverHttp(site, withMembers(files, largest), `/pergola-synthetic-${largest - 1}`);
    console.log(
      `  publish of ${largest} until served: ${ms(published.ms)} ms; /healthz p50 ${ms(published.p50)}, max ${ms(published.max)}`,
    );
    await site.stop();
    const restart = await restartUntilServed(folder, `/pergola-synthetic-${largest - 1}`);
    console.log(`  restart with ${largest} members live, until its last page is served: ${ms(restart)} ms`);
    console.log('  targets: validate+expand of 10,000 under 1000 ms; /healthz under 100 ms throughout');
  } finally {
    await site.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchManifest();
