import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadCatalogue } from '../../engine/node/read.ts';
import { demoDataTemplate } from '../demo-media.ts';
import { budgetOf, measureJs, pathPerKind, type JsRow } from './first-load.ts';
import { startFloor } from './floor.ts';
import { startServerProcess } from './process.ts';
import { addGalleryPhotos, GALLERY_FOLDER, BENCH_STAFF_PASSWORD, realSlots, uploadSlotPhotos } from './real-content.ts';

/**
 * The site's benchmark: first-load JavaScript of every visitor page kind (the scripts a page's HTML
 * loads before it is interactive, gzip bytes) and Lighthouse (mobile, simulated throttling, Debian's
 * Chromium kept offline) on the home page, a category page and a gallery page, median of 3 runs, each
 * beside its floor (the same HTML without scripts, its files served from memory: floor.ts), with the
 * demo and with real content. Targets (DESIGN.md): first-load JS <= 80 KB gzip; performance >= 98,
 * LCP <= 1.5 s, CLS 0, home bytes <= 500 KB; accessibility, best practices, SEO 100.
 */

export interface SiteBenchOptions {
  /** Lighthouse runs per page (median reported). */
  readonly runs?: number;
  /** Skip Lighthouse (only bundle sizes). */
  readonly lighthouse?: boolean;
  /** Skip `vite build` (measure dist/ as it is). */
  readonly build?: boolean;
  /** Also measure with real content: phone photos on every home slot, the screens hero and in the gallery. */
  readonly real?: boolean;
}

export interface LighthouseRow {
  readonly name: string;
  readonly path: string;
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly seo: number;
  readonly lcpMs: number;
  /** LCP of each run, in order (the median is `lcpMs`). */
  readonly lcpRunsMs?: readonly number[];
  readonly cls: number;
  readonly tbtMs: number;
  /** Bytes the page downloads (Lighthouse total-byte-weight, mobile). */
  readonly bytes: number;
  /** The same page's floor (no scripts), measured in the same run. */
  readonly floor?: { readonly performance: number; readonly lcpMs: number; readonly lcpRunsMs?: readonly number[] };
}

export interface SiteBenchResult {
  readonly js: readonly JsRow[];
  readonly lighthouse: readonly LighthouseRow[];
}

const CHROMIUM = '/usr/bin/chromium';

/** Offline flags from shared/notes/chromium-offline.md, with every --disable-features merged into one. */
function chromeFlags(): string[] {
  const defaults = chromeLauncher.Launcher.defaultFlags();
  const features = defaults
    .filter((f) => f.startsWith('--disable-features='))
    .flatMap((f) => f.slice('--disable-features='.length).split(','));
  return [
    ...defaults.filter((f) => !f.startsWith('--disable-features=')),
    `--disable-features=${[...features, 'NetworkTimeServiceQuerying'].join(',')}`,
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE [::1]',
    '--gaia-url=http://127.0.0.1:9',
    '--google-apis-url=http://127.0.0.1:9',
    '--component-updater=url-source=http://127.0.0.1:9/',
  ];
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

async function measureLighthouse(url: string, pages: readonly [string, string][], runs: number) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: chromeFlags(),
    ignoreDefaultFlags: true,
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const [name, path] of pages) {
      const samples: LighthouseRow[] = [];
      for (let i = 0; i < runs; i++) {
        const measure = () =>
          lighthouse(url + path, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          });
        let result = await measure();
        // A trace that lost its navigation start: Lighthouse's own advice is to run it again.
        for (let retry = 0; retry < 2 && result?.lhr.runtimeError?.code === 'NO_NAVSTART'; retry++) {
          console.log(`  ${path}: Lighthouse lost the trace's navigation start; measuring again`);
          result = await measure();
        }
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        const failure = result.lhr.runtimeError;
        if (failure) throw new Error(`Lighthouse could not measure ${path}: ${failure.code} ${failure.message}`);
        const { categories: cat, audits } = result.lhr;
        const score = (id: string) => Math.round((cat[id]?.score ?? 0) * 100);
        samples.push({
          name,
          path,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
          bytes: audits['total-byte-weight']?.numericValue ?? NaN,
        });
        const failed = Object.values(cat)
          .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => audits[r.id]))
          .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
        if (i === 0 && failed.length) console.log(`  ${path}: failing audits: ${failed.map((a) => a?.id).join(', ')}`);
        if (i === 0 && process.env['BENCH_VERBOSE'])
          console.log(path, JSON.stringify(audits['largest-contentful-paint-element']?.details ?? {}).slice(0, 1500));
      }
      const pick = <K extends keyof LighthouseRow>(k: K) => median(samples.map((s) => s[k] as number));
      rows.push({
        name,
        path,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        lcpMs: pick('lcpMs'),
        cls: pick('cls'),
        tbtMs: pick('tbtMs'),
        bytes: pick('bytes'),
        lcpRunsMs: samples.map((s) => s.lcpMs),
      });
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

function printLighthouse(rows: readonly LighthouseRow[]): void {
  console.log('targets: performance >= 98, LCP <= 1500 ms, CLS 0, home bytes <= 500 KB; a11y, best practices, SEO 100');
  console.table(
    rows.map((r) => ({
      page: `${r.name} ${r.path}`,
      performance: r.performance,
      accessibility: r.accessibility,
      'best practices': r.bestPractices,
      seo: r.seo,
      'LCP ms': Math.round(r.lcpMs),
      'floor LCP ms': r.floor ? Math.round(r.floor.lcpMs) : '-',
      'LCP / floor': r.floor ? Number((r.lcpMs / r.floor.lcpMs).toFixed(2)) : '-',
      'floor perf': r.floor?.performance ?? '-',
      CLS: Number(r.cls.toFixed(3)),
      'TBT ms': Math.round(r.tbtMs),
      bytes: kb(r.bytes),
    })),
  );
}

/** Lighthouse on each page of `url`, then on the page's floor (no scripts), in the same run. */
export async function measureWithFloor(
  url: string,
  pages: readonly [string, string][],
  runs: number,
): Promise<LighthouseRow[]> {
  const rows = await measureLighthouse(url, pages, runs);
  const floor = await startFloor(
    url,
    pages.map(([, path]) => path),
  );
  try {
    const floors = await measureLighthouse(floor.url, pages, runs);
    return rows.map((r, i) => ({
      ...r,
      floor: {
        performance: floors[i]?.performance ?? NaN,
        lcpMs: floors[i]?.lcpMs ?? NaN,
        lcpRunsMs: floors[i]?.lcpRunsMs ?? [],
      },
    }));
  } finally {
    await floor.close();
  }
}

/** Runs the site benchmark and prints its tables; returns the figures. */
export async function benchSite(options: SiteBenchOptions = {}): Promise<SiteBenchResult> {
  const runs = options.runs ?? 3;
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid: run `npm run check`.');
  const c = built.catalogue;
  if (options.build !== false) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    execFileSync('npx', ['vite', 'build', '--ssr', 'site/entry-server.tsx', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'site-bench-'));
  await cp(await demoDataTemplate(c), dataDir, { recursive: true });
  const server = await startServerProcess(dataDir, '/robots.txt');
  try {
    console.log(
      '\nsite: first-load JavaScript per visitor page kind (gzip, React included; budget 95 KB for galleries, 75 KB for the others; no staff chunk)',
    );
    const js = await measureJs(server.url, c);
    console.table(
      js.map((r) => ({
        kind: r.kind,
        path: r.path,
        files: r.files,
        raw: kb(r.raw),
        gzip: kb(r.gzip),
        budget: kb(budgetOf(r.kind)),
        'within budget': r.gzip <= budgetOf(r.kind) ? 'yes' : 'NO',
      })),
    );
    let lh: LighthouseRow[] = [];
    const kinds = pathPerKind(c);
    const pages: [string, string][] = [
      ['home', kinds.get('home') ?? '/'],
      ['category', kinds.get('category') ?? '/screens'],
      ['variant landing', kinds.get('variant-landing') ?? '/'],
      ['gallery', kinds.get('image-gallery') ?? '/'],
      // The same kinds in Spanish: the catalogue read in it, its switcher and alternates, its links.
      ['home (es)', '/es'],
      ['gallery (es)', `/es${kinds.get('image-gallery') ?? ''}`],
    ];
    if (options.lighthouse !== false) {
      console.log(`\nsite: Lighthouse with the demo, mobile, simulated throttling, median of ${runs} runs`);
      lh = await measureWithFloor(server.url, pages, runs);
      printLighthouse(lh);
    }
    if (options.lighthouse !== false && options.real !== false) {
      const realDir = await mkdtemp(join(tmpdir(), 'site-bench-real-'));
      await cp(await demoDataTemplate(c), realDir, { recursive: true });
      await addGalleryPhotos(realDir, GALLERY_FOLDER);
      process.env['STAFF_PASSWORD'] = BENCH_STAFF_PASSWORD;
      const real = await startServerProcess(realDir, '/robots.txt');
      try {
        await uploadSlotPhotos(real.url, realSlots(c));
        console.log(`\nsite: Lighthouse with real content (12 MP phone photos), median of ${runs} runs`);
        const rows = await measureWithFloor(real.url, pages, runs);
        printLighthouse(rows);
        lh = [...lh, ...rows.map((r) => ({ ...r, name: `${r.name} (real)` }))];
      } finally {
        real.child.kill('SIGTERM');
        await rm(realDir, { recursive: true, force: true });
      }
    }
    return { js, lighthouse: lh };
  } finally {
    server.child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
  await benchSite({
    runs,
    lighthouse: !args.includes('--no-lighthouse'),
    build: !args.includes('--no-build'),
    real: !args.includes('--no-real'),
  });
}
