import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Chromium stays off the network (see shared/notes/chromium-offline.md); never a --disable-features here. */
const OFFLINE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE [::1]',
  '--gaia-url=http://127.0.0.1:9',
  '--google-apis-url=http://127.0.0.1:9',
  '--component-updater=url-source=http://127.0.0.1:9/',
  '--autoplay-policy=no-user-gesture-required',
];

const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

// Workers and the web server inherit the runner's environment: port and data folder are chosen once.
process.env['E2E_PORT'] ??= String(await freePort());
process.env['E2E_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'site-e2e-'));
const port = Number(process.env['E2E_PORT']);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './teardown.ts',
  use: {
    baseURL,
    launchOptions: { executablePath: '/usr/bin/chromium', args: OFFLINE_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  webServer: {
    command: 'npx tsx site/e2e/serve.ts',
    cwd: '../..',
    url: `${baseURL}/robots.txt`,
    // Every page view names the Web Vitals reporter (the lab's headless browser never loads it: site/e2e/vitals.spec.ts).
    env: { PORT: String(port), HOST: '127.0.0.1', WEB_VITALS_SAMPLE_RATE: '1' },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
