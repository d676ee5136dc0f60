import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { takesRequests } from '../../engine/index.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { demoDataTemplate } from '../demo-media.ts';
import { pathPerKind } from './first-load.ts';
import { startServerProcess } from './process.ts';

/**
 * A phone's first tap (DESIGN.md "Interaction"): Chromium at 390x844 with touch, CPU 4x slower and a
 * slow 4G link (150 ms RTT, 1.6 Mbit/s down), the demo site. Each control is tapped at DOMContentLoaded
 * and once the page is idle, 5 times each; printed: the median time from the finger down to the first
 * frame showing the answer (the viewer, a dialog, the tile or button marked pending while the next page
 * comes, the form's messages), and beside it the Event Timing API's duration of the tap (what INP reads).
 * Target: 200 ms.
 */

const RUNS = 5;
const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE [::1]',
];

interface Control {
  readonly name: string;
  readonly path: string;
  /** The element tapped. */
  readonly target: string;
  /** A DOM expression true once the answer shows. */
  readonly answered: string;
}

/** The controls measured: a gallery tile, a dialog button on a category page, the consultation submit. */
function controls(): Control[] {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid: run `npm run check`.');
  const kinds = pathPerKind(built.catalogue);
  const consultation = built.catalogue.pages.find((p) => takesRequests(p.kind))?.path ?? '/consultation';
  return [
    {
      name: 'gallery tile',
      path: kinds.get('image-gallery') ?? '/',
      target: 'a[data-tile="0"]',
      answered: "document.querySelector('.yarl__root img, [data-testid=viewer-shell] img, a[data-pending]')",
    },
    {
      name: 'dialog button',
      path: kinds.get('category') ?? '/screens',
      target: '[data-island="dialog"] [data-island-root] > :is(a, button)',
      answered: "document.querySelector('dialog[open]') || document.querySelector('a[data-pending]')",
    },
    {
      name: 'consultation submit',
      path: consultation,
      target: 'form button[type="submit"]',
      answered: 'document.querySelector(\'[aria-invalid="true"], button[data-pending]\')',
    },
  ];
}

/**
 * In the page, before the tap: from the first pointerdown, each frame checks `answered` and keeps the
 * time it first holds (sessionStorage: it outlives a navigation the tap starts); Event Timing keeps the
 * longest duration of the tap's events.
 */
function watchTap(answered: string): void {
  const check = new Function(`return !!(${answered})`) as () => boolean;
  let down = NaN;
  const answer = (): boolean => {
    if (!check() || sessionStorage.getItem('tap')) return !!sessionStorage.getItem('tap');
    sessionStorage.setItem('tap', String(performance.now() - down));
    return true;
  };
  const loop = () => void (answer() || requestAnimationFrame(loop));
  addEventListener(
    'pointerdown',
    (e) => {
      down = e.timeStamp;
      requestAnimationFrame(loop);
    },
    { capture: true, once: true },
  );
  // A link's pending mark comes in the click itself, and the page may be gone before the next frame.
  addEventListener('click', () => void answer(), { once: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!['pointerdown', 'pointerup', 'click'].includes(entry.name)) continue;
      const longest = Math.max(Number(sessionStorage.getItem('event') ?? 0), entry.duration);
      sessionStorage.setItem('event', String(longest));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** One tap on a fresh phone: [tap to answer ms, Event Timing ms]. */
async function tapOnce(browser: Browser, url: string, control: Control, idle: boolean): Promise<[number, number]> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    bypassCSP: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url + control.path, { waitUntil: idle ? 'networkidle' : 'domcontentloaded' });
    if (idle) await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 5000 })));
    // tsx keeps function names with a helper the page does not have.
    await page.evaluate('globalThis.__name ??= (f) => f');
    await page.evaluate(watchTap, control.answered);
    await page.locator(control.target).filter({ visible: true }).first().tap({ force: true });
    return await readTap(page);
  } finally {
    await context.close();
  }
}

/** The figures `watchTap` kept, once the answer has shown (on this page or the one the tap went to). */
async function readTap(page: Page): Promise<[number, number]> {
  const handle = await page.waitForFunction(() => sessionStorage.getItem('tap'), undefined, { timeout: 30_000 });
  const tap = Number(await handle.jsonValue());
  // Event Timing reports after the next paint; a page the tap left has none.
  await page.waitForTimeout(300);
  const event = Number((await page.evaluate(() => sessionStorage.getItem('event')).catch(() => null)) ?? NaN);
  return [tap, event];
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Runs the benchmark and prints its table; returns the rows. */
export async function benchFirstTap(): Promise<Record<string, string | number>[]> {
  if (!existsSync('dist/client/.vite/manifest.json')) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    execFileSync('npx', ['vite', 'build', '--ssr', 'site/entry-server.tsx', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
  }
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid: run `npm run check`.');
  const dataDir = await mkdtemp(join(tmpdir(), 'first-tap-bench-'));
  await cp(await demoDataTemplate(built.catalogue), dataDir, { recursive: true });
  const server = await startServerProcess(dataDir, '/robots.txt');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const rows: Record<string, string | number>[] = [];
  try {
    for (const control of controls())
      for (const idle of [false, true]) {
        const samples: [number, number][] = [];
        for (let i = 0; i < RUNS; i++) samples.push(await tapOnce(browser, server.url, control, idle));
        rows.push({
          control: `${control.name} ${control.path}`,
          tapped: idle ? 'idle' : 'DOMContentLoaded',
          'tap to answer ms (median of 5)': Math.round(median(samples.map((s) => s[0]))),
          'Event Timing ms (median)': Math.round(median(samples.map((s) => s[1]))),
          runs: samples.map((s) => Math.round(s[0])).join(' '),
          target: 200,
        });
      }
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log('\nfirst tap: phone profile (390x844, touch, CPU 4x, 150 ms RTT, 1.6 Mbit/s), demo content');
  console.table(rows);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFirstTap();
