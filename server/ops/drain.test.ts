import { rm } from 'node:fs/promises';
import { afterAll, expect, it } from 'vitest';
import { siteFolder, startSiteProcess, type SiteProcess } from '../../testing/site-process.ts';

/**
 * A rolling restart behind a load balancer, for real: two server processes, and a loopback client
 * that sends a steady stream of page and API requests round-robin to the servers whose /readyz said
 * 200 at its last poll (every 100 ms), as a load balancer does. Each server in turn gets SIGTERM,
 * exits, starts again and becomes ready: not one request fails.
 */

/** Long enough for a poll every 100 ms to see the 503 on a busy machine; short for the test. */
const DRAIN_SECONDS = '2';
const PATHS = ['/', '/api/products', '/screens', '/sitemap.xml', '/pergola-images', '/_site/page?path=/screens'];
const CLIENTS = 4;

const dirs: string[] = [];
const started: SiteProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop('SIGKILL')));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Member {
  site: SiteProcess;
  ready: boolean;
}

it('restarting each of two servers in turn under a steady load fails no request', { timeout: 180_000 }, async () => {
  const env = { DRAIN_SECONDS };
  dirs.push(await siteFolder(), await siteFolder());
  const launch = async (dir: string): Promise<SiteProcess> => {
    const site = await startSiteProcess(dir, env);
    started.push(site);
    return site;
  };
  const pool: Member[] = await Promise.all(dirs.map(async (dir) => ({ site: await launch(dir), ready: false })));

  // The load balancer's view: /readyz of every member, every 100 ms.
  let running = true;
  let sawDraining = false;
  const poll = async (): Promise<void> => {
    while (running) {
      await Promise.all(
        pool.map(async (member) => {
          try {
            const res = await fetch(`${member.site.base}/readyz`);
            const body = (await res.json()) as { status: string };
            member.ready = res.status === 200;
            if (body.status === 'draining') sawDraining = true;
          } catch {
            member.ready = false;
          }
        }),
      );
      await sleep(100);
    }
  };

  const failures: string[] = [];
  const served = new Map<string, number>();
  let sent = 0;
  const client = async (offset: number): Promise<void> => {
    for (let i = offset; running; i++) {
      const ready = pool.filter((m) => m.ready);
      const member = ready[i % Math.max(1, ready.length)];
      if (!member) {
        await sleep(20);
        continue;
      }
      const path = PATHS[i % PATHS.length]!;
      const base = member.site.base;
      sent++;
      try {
        const res = await fetch(`${base}${path}`);
        await res.arrayBuffer();
        if (res.status >= 500) failures.push(`${base}${path}: ${res.status}`);
        served.set(base, (served.get(base) ?? 0) + 1);
      } catch (error) {
        failures.push(`${base}${path}: ${String((error as Error).cause ?? error)}`);
      }
    }
  };

  const polling = poll();
  const until = async (done: () => boolean): Promise<void> => {
    const deadline = Date.now() + 60_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error('a server never became ready');
      await sleep(50);
    }
  };
  await until(() => pool.every((m) => m.ready));
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  await sleep(500);

  for (const [index, dir] of dirs.entries()) {
    const member = pool[index]!;
    expect(await member.site.stop('SIGTERM')).toBe(0);
    const again: Member = { site: await launch(dir), ready: false };
    pool[index] = again;
    await until(() => again.ready);
    // Both take traffic again before the next restart.
    const now = served.get(again.site.base) ?? 0;
    await until(() => (served.get(again.site.base) ?? 0) > now + 20);
  }

  running = false;
  await Promise.all([polling, ...clients]);
  expect(failures).toEqual([]);
  expect(sawDraining).toBe(true);
  expect(sent).toBeGreaterThan(200);
  console.log(`rolling restart: ${sent} requests over ${served.size} server processes, none failed`);
  expect(await Promise.all(pool.map((m) => m.site.stop('SIGTERM')))).toEqual([0, 0]);
});
