import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../../testing/consultations/smtp.ts';
import { siteFolder, startSiteProcess, type SiteProcess } from '../../testing/site-process.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** A stand-in server bundle (the real one needs `npm run build`): the page's path in a <main>. */
const ENTRY = `export const render = async (_shell, payload) => ({ html: '<main>' + payload.path + '</main>', css: '', islands: [] });\n`;
/** Hang guard for each wait (not a timing assertion: the reload usually takes well under a second). */
const WAIT_MS = 30_000;

const dirs: string[] = [];
const sites: SiteProcess[] = [];
let smtp: TestSmtp | undefined;
afterAll(async () => {
  await smtp?.down();
  // Stopped before their folders go: a server still running writes there (built-in images after a reload).
  await Promise.all(sites.map((s) => s.stop('SIGKILL')));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

type Line = { msg: string; pid: number; ms?: number };

/**
 * Runs `server/main.ts` (what `npm start` runs) in its own process, on a copy of the manifest in a
 * temporary folder, with a stand-in server bundle (`entry`); resolves once it serves.
 */
async function runSite(entry: string, env: Record<string, string> = {}) {
  const dir = await siteFolder(entry);
  dirs.push(dir);
  // The site's modules (a stand-in bundle may load an island) compile with the site's settings.
  const site = await startSiteProcess(dir, { TSX_TSCONFIG_PATH: join(REPO, 'site', 'tsconfig.json'), ...env });
  sites.push(site);
  const logged = async (re: RegExp, from = 0): Promise<Line> => (await site.logged(re, from)) as unknown as Line;
  const ready = await logged(/Site ready at/);
  return { dir, child: site.child, log: site.log as unknown as Line[], logged, ready, base: site.base };
}

const POOL_SIDE = `      - slug: pool-side
        name: Pool Side Pergolas
        folder: Aluminum Pergolas/Pool Side
        subcategory: louvered-roof
        type: pool-side
        description: A louvered pergola sized for the pool deck.
        features: [Salt-air finish, Louvers rotate 0-90 degrees]
`;
const BROKEN = `      - slug: cabana
        name: Cabana Pergolas
        folder: Aluminum Pergolas/Cabana
        subcategory: louvered-roof
        type: cabana
        description: A cabana.
        features: Salt-air finish, louvers rotate
`;

/** Inserts member lines at the end of the pergola-variants members (before the next family). */
const addMember = (text: string, member: string): string =>
  text.replace('\n  - id: screen-applications', `${member}\n  - id: screen-applications`);

it('a running npm start server takes a valid manifest edit without restarting, and keeps serving through a bad one', async () => {
  const { dir, child, log, logged, ready, base } = await runSite(ENTRY);
  try {
    const status = async (path: string): Promise<number> => (await fetch(`${base}${path}`)).status;
    const until200 = async (path: string): Promise<void> => {
      const deadline = Date.now() + WAIT_MS;
      while ((await status(path)) !== 200) {
        if (Date.now() > deadline) throw new Error(`${path} never answered 200`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    expect(await status('/pergola-pool-side')).toBe(404);
    const families = join(dir, 'manifest', 'families.yaml');
    const original = await readFile(families, 'utf8');
    await writeFile(families, addMember(original, POOL_SIDE));

    await until200('/pergola-pool-side');
    const reloaded = await logged(/Manifest reloaded: adds 3 pages: \/pergola-pool-side/);
    console.log(`reload: read, checked and built in ${reloaded.ms} ms`);
    expect(reloaded.pid).toBe(ready.pid);
    expect(child.exitCode).toBeNull();
    expect(await status('/pergola-pool-side-images')).toBe(200);
    expect(await (await fetch(`${base}/sitemap.xml`)).text()).toContain('/pergola-pool-side-videos');
    const products = (await (await fetch(`${base}/api/products`)).json()) as { id: string }[];
    expect(products.map((p) => p.id)).toContain('pergola-pool-side');

    // A bad edit: logged at its place, and the last valid manifest keeps serving.
    await writeFile(families, addMember(original, POOL_SIDE + BROKEN));
    const located = await logged(/^manifest\/families\.yaml:\d+:\d+ {2}'features' must be a list/);
    expect(located.msg).toMatch(/\(Write a list: /);
    // (The server publishes valid file edits as manifest versions; a bad one is not published.)
    await logged(/Manifest files not published: 1 problem\(s\) above; the site keeps serving version 2\./);
    expect(await status('/')).toBe(200);
    expect(await status('/pergola-pool-side')).toBe(200);
    expect(await status('/pergola-cabana')).toBe(404);
    expect(child.exitCode).toBeNull();

    // Undoing the edit removes the variant's pages again.
    const writtenAt = Date.now();
    await writeFile(families, original);
    await logged(/Manifest reloaded: removes 3 pages/);
    expect(await status('/pergola-pool-side')).toBe(404);
    console.log(`reload: file written -> new catalogue serving in ${Date.now() - writtenAt} ms (includes log polling)`);

    // SIGHUP reads the manifest again (and does not end the process, as it would by default).
    child.kill('SIGHUP');
    await logged(/Manifest read again: no change/);
    expect(await status('/')).toBe(200);
    expect(log.every((l) => l.pid === ready.pid)).toBe(true);
  } finally {
    child.kill('SIGTERM');
  }
});

/**
 * A stand-in server bundle that renders the consultation page's form with the real island, given the
 * props its template gives it (the page's path and texts); other pages are their path in a <main>.
 */
const FORM_ENTRY = `import { createRequire } from 'node:module';
const require = createRequire(${JSON.stringify(join(REPO, 'package.json'))});
const { createElement } = require('react');
const { renderToString } = require('react-dom/server');
const island = import(${JSON.stringify(pathToFileURL(join(REPO, 'site', 'islands', 'consultation.island.tsx')).href)});
export const render = async (_shell, payload) => {
  const { default: ConsultationIsland } = await island;
  const form = payload.path === '/consultation'
    ? renderToString(createElement(ConsultationIsland, { path: payload.page.path, texts: payload.page.texts }))
    : payload.path;
  return { html: '<main>' + form + '</main>', css: '', islands: [] };
};
`;

it('after a manifest reload, the consultation form, the server checking requests and the staff mail all follow the new texts', async () => {
  smtp = await startSmtp();
  const { dir, child, logged, log, base } = await runSite(FORM_ENTRY, { SMTP_URL: smtp.url });
  try {
    const form = async (): Promise<string> => (await fetch(`${base}/consultation`)).text();
    const request = (products: string) => ({
      name: 'Ann Lee',
      phone: '555 010 2000',
      email: 'ann@example.com',
      place: 'Springfield',
      products: [products],
      consent: 'yes',
    });
    const post = (body: object) =>
      fetch(`${base}/api/consultations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify(body),
      });
    const mailWith = async (text: string): Promise<void> => {
      const deadline = Date.now() + WAIT_MS;
      while (!smtp?.messages.some((m) => m.includes(text))) {
        if (Date.now() > deadline) throw new Error(`no mail with '${text}'`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    const before = await form();
    expect(before).toContain('Outdoor screens');
    expect(before).toContain('value="aluminum-pergolas"');
    expect((await post(request('aluminum-pergolas'))).status).toBe(201);
    await mailWith('Products of interest: Aluminum pergolas');

    // Screens get another label, pergolas are no longer offered, the products message is new.
    const pages = join(dir, 'manifest', 'pages.yaml');
    const text = await readFile(pages, 'utf8');
    // (A text is a plain string or a value per language, `en:` first: the English one is edited.)
    const edited = text
      .replace(/(interest-screens:(?:\s*\n\s*en:)?\s*)Outdoor screens/, '$1Motorized screens')
      .replace(/\n( +)interest-aluminum-pergolas:.*(\n\1 +.*)*/, '')
      .replace(
        /(productsError:(?:\s*\n\s*en:)?\s*)Pick at least one product\./,
        '$1Pick one of the products we offer.',
      );
    expect(edited).not.toBe(text);
    const from = log.length;
    await writeFile(pages, edited);
    await logged(/Manifest reloaded/, from);

    const after = await form();
    expect(after).toContain('Motorized screens');
    expect(after).not.toContain('Outdoor screens');
    expect(after).not.toContain('value="aluminum-pergolas"');
    const refused = await post(request('aluminum-pergolas'));
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual({
      products: 'Pick one of the products we offer.',
    });
    expect((await post(request('screens'))).status).toBe(201);
    await mailWith('Products of interest: Motorized screens');
    expect(child.exitCode).toBeNull();
  } finally {
    child.kill('SIGTERM');
  }
});
