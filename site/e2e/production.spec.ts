import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';

/**
 * The operators' production start as their guide (docs/operators.md) writes it: its `sh` block run as
 * written (its release line, `npm ci && npm run build`, is the suite's own install and build, already
 * made), on an empty DATA_DIR, then on one restored from a backup of it. Every page of the sitemaps, in
 * both languages, and every image those pages show answer 200. Its systemd unit is read, not run: it
 * must start the same command.
 */

test.describe.configure({ mode: 'serial' });

const RELEASE = 'npm ci && npm run build';

const GUIDE = 'docs/operators.md';

/** The guide's fenced blocks of a language (`sh`, `ini`), each as its lines. */
function blocks(language: string): string[][] {
  const guide = readFileSync(GUIDE, 'utf8');
  return [...guide.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!.split('\n'));
}

/** The commands of the guide's `sh` blocks (a block fenced as `sh example` shows commands to adapt), comments dropped. */
function productionCommands(): string[] {
  return blocks('sh')
    .flat()
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

interface Started {
  readonly url: string;
  readonly child: ChildProcess;
  readonly output: string[];
}

/** Runs `command` as a shell would, with DATA_DIR and a free port, until it says it is ready. */
async function start(command: string, dataDir: string): Promise<Started> {
  const child = spawn('sh', ['-c', command], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', STAFF_PASSWORD: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => output.push(line));
  const url = await new Promise<string>((done, fail) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      const ready = /Site ready at (http:\/\/\S+?)["\s]/.exec(`${line} `)?.[1];
      if (ready) done(ready.replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => fail(new Error(`exited with ${code}:\n${output.join('\n')}`)));
  });
  return { url, child, output };
}

/** `npm run <script>` with DATA_DIR, as an operator runs it; its exit code and output. */
function npmRun(script: string, dataDir: string, ...args: string[]) {
  const run = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, STAFF_PASSWORD: '' },
  });
  return { status: run.status, stdout: run.stdout.toString(), stderr: run.stderr.toString() };
}

const stop = (child: ChildProcess): Promise<unknown> =>
  new Promise((done) => {
    child.once('exit', done);
    child.kill('SIGTERM');
  });

/** Every page the sitemaps list (an index's children followed), at this server. */
async function sitemapPages(url: string): Promise<string[]> {
  const locs = async (path: string): Promise<string[]> => {
    const res = await fetch(`${url}${path}`);
    expect(res.status, path).toBe(200);
    return [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  };
  const pages: string[] = [];
  for (const path of await locs('/sitemap.xml')) pages.push(...(path.endsWith('.xml') ? await locs(path) : [path]));
  return pages;
}

/** The site's own image addresses a page's HTML names (src, srcset, preloads). */
function imagesOf(html: string): string[] {
  const found = new Set<string>();
  for (const [, attr, value] of html.matchAll(/\s(src|srcset|imagesrcset|href)="([^"]+)"/g)) {
    const urls = attr!.endsWith('srcset') ? value!.split(',').map((c) => c.trim().split(/\s+/)[0]!) : [value!];
    for (const u of urls.map((x) => x.replace(/&amp;/g, '&')))
      if (u.startsWith('/') && !u.startsWith('//') && /\/(defaults|media)\//.test(u)) found.add(u);
  }
  return [...found];
}

/** Every sitemap page 200, every image of them 200 and an image. */
async function walk(url: string): Promise<{ pages: number; images: number }> {
  const pages = await sitemapPages(url);
  expect(pages).toContain('/');
  expect(pages).toContain('/es');
  const images = new Set<string>();
  for (const path of pages) {
    const res = await fetch(`${url}${path}`);
    expect(res.status, path).toBe(200);
    for (const image of imagesOf(await res.text())) images.add(image);
  }
  expect(images.size).toBeGreaterThan(10);
  for (const image of images) {
    const res = await fetch(`${url}${image}`);
    expect(res.status, image).toBe(200);
    expect(res.headers.get('content-type'), image).toMatch(/^image\//);
  }
  return { pages: pages.length, images: images.size };
}

test("the operators' guide's production start, on an empty DATA_DIR and on a restored backup, serves every page and image", async () => {
  test.setTimeout(120_000);
  const [release, serve, ...more] = productionCommands();
  // The release line is the suite's own install and build; the rest run as written.
  expect(release).toBe(RELEASE);
  expect(serve).toBeDefined();
  expect(more).toEqual([]);
  // The systemd unit starts the same command (with node's full path) in the release's folder.
  const unit = blocks('ini').flat();
  expect(unit).toContain(`ExecStart=/usr/bin/${serve}`);
  expect(unit.some((line) => line.startsWith('WorkingDirectory=/'))).toBe(true);

  const dirs = [mkdtempSync(join(tmpdir(), 'production-')), mkdtempSync(join(tmpdir(), 'restored-'))];
  const backup = join(tmpdir(), `production-${process.pid}.tar.gz`);
  try {
    // Before the first start there is no password to read, and asking makes no database.
    const none = npmRun('staff-password', dirs[0]!);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain(dirs[0]);
    expect(readdirSync(dirs[0]!)).toEqual([]);
    const first = await start(serve!, dirs[0]!);
    try {
      console.log('empty DATA_DIR:', await walk(first.url));
      // The generated password is read with the command, never from the server's output (not a terminal).
      const password = npmRun('staff-password', dirs[0]!).stdout.trim();
      expect(password).toMatch(/^\w{5}(-\w{5}){3}$/);
      expect(first.output.join('\n')).not.toContain(password);
      expect(first.output.join('\n')).toContain('npm run staff-password');
      const made = npmRun('backup', dirs[0]!, backup);
      expect(made.status, made.stderr).toBe(0);
    } finally {
      await stop(first.child);
    }
    const restored = npmRun('restore', dirs[1]!, backup);
    expect(restored.status, restored.stderr).toBe(0);
    const second = await start(serve!, dirs[1]!);
    try {
      console.log('restored DATA_DIR:', await walk(second.url));
    } finally {
      await stop(second.child);
    }
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    rmSync(backup, { force: true });
  }
});
