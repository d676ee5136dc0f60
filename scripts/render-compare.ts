import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Renders every page a restructuring could change and compares: `snapshot <site url> <dir>` saves
 * the HTML of every sitemap page (an index's children followed: both languages, photo pages), and
 * `compare <dir> <dir>` says which pages differ and where. What differs between any two renders is
 * left out: asset file names (content hashes), a form view's token, the time a page was made.
 *
 *   npx tsx scripts/render-compare.ts snapshot http://127.0.0.1:3000 /tmp/before
 *   npx tsx scripts/render-compare.ts compare /tmp/before /tmp/after
 */

/** The parts of a page that differ from one render to the next whatever the code. */
export function normalized(html: string): string {
  return html
    .replace(/\/assets\/([\w.-]+?)-[\w-]{8}\.(js|css)/g, '/assets/$1.$2')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/"receivedAt":\d+/g, '"receivedAt":0');
}

async function locs(site: string, path: string): Promise<string[]> {
  const xml = await (await fetch(`${site}${path}`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

/** Every page the sitemaps list. */
async function pages(site: string): Promise<string[]> {
  const out: string[] = [];
  for (const path of await locs(site, '/sitemap.xml'))
    out.push(...(path.endsWith('.xml') ? await locs(site, path) : [path]));
  return out;
}

const fileOf = (path: string): string => `${path === '/' ? '_home' : path.slice(1).replace(/\//g, '__')}.html`;

async function snapshot(site: string, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const list = await pages(site);
  for (const path of list) {
    const res = await fetch(`${site}${path}`);
    writeFileSync(join(dir, fileOf(path)), `<!-- ${res.status} -->\n${normalized(await res.text())}`);
  }
  process.stdout.write(`${list.length} pages saved in ${dir}\n`);
}

/** Where two texts first differ, with a little of each around it. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}:\n  - ${a.slice(Math.max(0, i - 60), i + 100)}\n  + ${b.slice(Math.max(0, i - 60), i + 100)}`;
}

function compare(before: string, after: string): number {
  const names = [...new Set([...readdirSync(before), ...readdirSync(after)])].sort();
  let differing = 0;
  for (const name of names) {
    const read = (dir: string): string | undefined => {
      try {
        return readFileSync(join(dir, name), 'utf8');
      } catch {
        return undefined;
      }
    };
    const [a, b] = [read(before), read(after)];
    if (a === b) continue;
    differing++;
    process.stdout.write(
      `${name}: ${a === undefined ? 'only after' : b === undefined ? 'only before' : firstDifference(a, b)}\n`,
    );
  }
  process.stdout.write(`${names.length} pages, ${differing} differ\n`);
  return differing;
}

const [command, first, second] = process.argv.slice(2);
if (command === 'snapshot' && first && second) await snapshot(first, second);
else if (command === 'compare' && first && second) process.exitCode = compare(first, second) > 0 ? 1 : 0;
else {
  process.stderr.write('usage: render-compare.ts snapshot <site url> <dir> | compare <dir> <dir>\n');
  process.exitCode = 2;
}
