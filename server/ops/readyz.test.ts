import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../testing/consultations/postgres.ts';
import { siteFolder, startSiteProcess, type SiteProcess } from '../../testing/site-process.ts';
import { errorText } from '../errors.ts';

/**
 * /healthz and /readyz of the server as it runs for real (its own process, real HTTP): what each
 * answers, a manifest invalid at start (503, then ready once the files are fixed), a database that
 * stops (reported failing, still 200, pages still served).
 */

interface Check {
  readonly state: 'ok' | 'degraded' | 'failing';
  readonly reason: string;
}
interface Readyz {
  readonly status: string;
  readonly error?: string;
  readonly checks: Readonly<Record<string, Check>>;
}

const dirs: string[] = [];
const sites: SiteProcess[] = [];
let postgres: TestPostgres | undefined;
afterAll(async () => {
  await Promise.all(sites.map((s) => s.stop('SIGKILL')));
  try {
    postgres?.stop();
  } catch {
    // Stopped by the test already.
  }
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** A site in a folder of its own; `prepare` may edit its manifest first. */
async function start(env: Record<string, string> = {}, prepare?: (dir: string) => Promise<void>) {
  const dir = await siteFolder();
  dirs.push(dir);
  await prepare?.(dir);
  const site = await startSiteProcess(dir, { DRAIN_SECONDS: '0', ...env });
  sites.push(site);
  return { dir, site };
}

const readyz = async (base: string): Promise<{ status: number; body: Readyz; res: Response }> => {
  const res = await fetch(`${base}/readyz`);
  return { status: res.status, body: (await res.json()) as Readyz, res };
};

/** Asks until `done` holds (a hang guard, not a timing assertion). */
async function until<T>(ask: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await ask();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`never: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('/healthz and /readyz', () => {
  it('is not ready while the version served cannot render its home page, and names the page', async () => {
    const dir = await siteFolder(`export const render = async () => { throw new Error('a broken template'); };\n`);
    dirs.push(dir);
    const site = await startSiteProcess(dir, { DRAIN_SECONDS: '0' });
    sites.push(site);
    const { status, body } = await readyz(site.base);
    expect(status).toBe(503);
    expect(body.checks['catalogue']?.state).toBe('ok');
    expect(body.checks['pages']?.state).toBe('failing');
    expect(body.checks['pages']?.reason).toMatch(/^the home page \/ answers 500/);
    expect((await fetch(`${site.base}/healthz`)).status).toBe(200);
  });

  it('answer 200 with every check named and ok, never cached', async () => {
    const { site } = await start();
    const health = await fetch(`${site.base}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toEqual({ status: 'ok' });

    const { status, body, res } = await readyz(site.base);
    expect(status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body.status).toBe('ready');
    expect(Object.keys(body.checks)).toEqual(['catalogue', 'pages', 'database', 'mediaStore', 'disk']);
    for (const check of Object.values(body.checks)) expect(check.state).toBe('ok');
    expect(body.checks['catalogue']?.reason).toMatch(/^manifest [0-9a-f]{12}, \d+ pages$/);
    expect(body.checks['database']?.reason).toMatch(/^select 1 answered in \d+ ms$/);
    expect(body.checks['disk']?.reason).toMatch(/^\d+ MB free$/);
  });

  it('with no valid manifest at start: 503 for pages and readiness, then ready once the files are valid', async () => {
    // One mistake: a member's features given as text instead of a list (the first list, whose features
    // are given per language: its first feature in English).
    const list = /^( +)features:\n +\[\n +\{ en: '([^'\n]+)'[^\]]*\]$/m;
    let original = '';
    const { dir, site } = await start({}, async (d) => {
      const families = join(d, 'manifest', 'families.yaml');
      original = await readFile(families, 'utf8');
      expect(original).toMatch(list);
      await writeFile(families, original.replace(list, '$1features: $2'));
    });
    await site.logged(/^Listening at .*; 503 until the manifest is valid$/);

    expect((await fetch(`${site.base}/healthz`)).status).toBe(200);
    const { status, body } = await readyz(site.base);
    expect(status).toBe(503);
    expect(body.status).toBe('not-ready');
    expect(body.checks['catalogue']).toEqual({
      state: 'failing',
      reason: 'no valid manifest yet: 1 problem(s), listed in the log',
    });
    expect(body.error).toBe(errorText('NotReady', { why: `catalogue: ${body.checks['catalogue']?.reason}` }));

    const page = await fetch(`${site.base}/`);
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(page.headers.get('retry-after')).toBe('60');
    expect(await page.text()).toBe('The site is being updated, try again in a minute.');
    const api = await fetch(`${site.base}/api/products`);
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: errorText('SiteUpdating') });

    await writeFile(join(dir, 'manifest', 'families.yaml'), original);
    const ready = await until(
      () => readyz(site.base),
      (r) => r.status === 200,
    );
    expect(ready.body.checks['catalogue']?.state).toBe('ok');
    await site.logged(/^Manifest valid: the site serves its \d+ pages now\.$/);
    const served = await fetch(`${site.base}/`);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('<main>/</main>');
  });

  it('reports the database failing when PostgreSQL stops, and still answers 200 while pages render', async () => {
    postgres = await startPostgres();
    const { site } = await start({ DATABASE_URL: postgres.createDatabase('readyz') });
    const before = await readyz(site.base);
    expect(before.status).toBe(200);
    expect(before.body.checks['database']?.state).toBe('ok');

    postgres.stop();
    const after = await until(
      () => readyz(site.base),
      (r) => r.body.checks['database']?.state !== 'ok',
    );
    expect(after.status).toBe(200);
    expect(after.body.status).toBe('ready');
    expect(after.body.checks['database']).toEqual({ state: 'failing', reason: 'select 1 failed (ECONNREFUSED)' });
    expect(after.body.checks['catalogue']?.state).toBe('ok');

    const page = await fetch(`${site.base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<main>/</main>');
    expect((await fetch(`${site.base}/api/products`)).status).toBe(200);
    await site.logged(/^readiness: the site database does not answer$/);
  });
});
