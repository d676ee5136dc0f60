import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log.ts';
import { DriveGuard, rateKey } from '../media/drive-guard.ts';
import { LocalStore } from '../media/local.ts';
import { KeyBreakers } from '../resilience/key-breakers.ts';
import { databaseCheck, diskCheck, mediaStoreCheck } from './checks.ts';
import { opsConfig } from './config.ts';
import { Readiness, type Check } from './readiness.ts';
import { observeStore, StoreCalls } from './store-calls.ts';

const logger = createLogger('silent');
let dir = '';
afterAll(() => rm(dir, { recursive: true, force: true }));

const ok: Check = { own: true, run: () => ({ state: 'ok', reason: 'fine' }) };

describe('readiness', () => {
  it('is 503-worthy only for a failing check of its own, or while draining', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ops-checks-'));
    const shared: Check = { own: false, run: () => ({ state: 'failing', reason: 'down' }) };
    expect(
      (await new Readiness({ catalogue: ok, pages: ok, database: shared, mediaStore: shared, disk: ok }).report())
        .status,
    ).toBe('ready');
    const full = diskCheck(join(dir, 'cache'), Number.MAX_SAFE_INTEGER);
    const report = await new Readiness({ catalogue: ok, pages: ok, database: ok, mediaStore: ok, disk: full }).report();
    expect(report.status).toBe('not-ready');
    expect(report.checks.disk.state).toBe('failing');
    expect(report.why).toMatch(/^disk: \d+ MB free, below the floor of \d+ MB$/);
    const draining = new Readiness({ catalogue: ok, pages: ok, database: ok, mediaStore: ok, disk: ok });
    draining.drain();
    expect(await draining.report()).toMatchObject({ status: 'draining', why: 'it is draining before it stops' });
    expect(await diskCheck(join(dir, 'cache'), 0).run()).toMatchObject({ state: 'ok' });
  });
});

describe('the database check', () => {
  it('names the code of a failure, answers failing when a probe hangs, and does not start another meanwhile', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    expect(await databaseCheck(() => Promise.reject(refused), logger).run()).toEqual({
      state: 'failing',
      reason: 'select 1 failed (ECONNREFUSED)',
    });
    let probes = 0;
    const hanging = databaseCheck(
      () => {
        probes++;
        return new Promise(() => undefined);
      },
      logger,
      50,
    );
    const results = await Promise.all([hanging.run(), hanging.run(), hanging.run()]);
    expect(results.map((r) => r.reason)).toEqual(Array(3).fill('select 1 gave no answer in 50 ms'));
    await hanging.run();
    expect(probes).toBe(1);
  });
});

describe('the media store check', () => {
  it("reads Drive's breaker and paused kinds of call, without a call of its own", async () => {
    const guard = new DriveGuard(new KeyBreakers(), { threshold: 2, baseMs: 60_000 });
    const drive = { kind: 'drive' as const, upstream: () => guard.upstream() };
    const check = mediaStoreCheck(drive, new StoreCalls());
    expect(await check.run()).toEqual({ state: 'ok', reason: 'Drive: no call yet' });
    guard.breakers.failed(rateKey('list'), new Error('429'), { pauseMs: 60_000 });
    expect(await check.run()).toEqual({ state: 'degraded', reason: 'Drive: rate limited (list calls paused)' });
    for (const key of ['a', 'b']) guard.breaker.failed(key, new Error('503'), {});
    expect(await check.run()).toMatchObject({
      state: 'failing',
      reason: expect.stringMatching(/^Drive: calls refused/),
    });
  });

  it('tells a recent outage of the local store from answers such as not-found', async () => {
    const calls = new StoreCalls();
    const store = observeStore(new LocalStore({ dataDir: dir }), calls.observe);
    const check = mediaStoreCheck(store, calls);
    await expect(store.listFolder('nosuchfolder')).rejects.toThrow();
    expect(await check.run()).toMatchObject({
      state: 'ok',
      reason: expect.stringMatching(/^local files: last answer/),
    });
    calls.observe('list', 0.1, new Error('EIO'));
    expect(await check.run()).toMatchObject({
      state: 'degraded',
      reason: expect.stringMatching(/^local files: the last call failed \d+ s ago \(other\)$/),
    });
  });
});

describe('opsConfig', () => {
  it('has defaults, reads each variable, and names the one that is wrong', () => {
    expect(opsConfig({})).toEqual({ drainSeconds: 5, diskFloorMb: 256, metricsHost: '127.0.0.1' });
    expect(opsConfig({ DRAIN_SECONDS: '0.5', DISK_FLOOR_MB: '0', METRICS_PORT: '9464', METRICS_HOST: '::' })).toEqual({
      drainSeconds: 0.5,
      diskFloorMb: 0,
      metricsPort: 9464,
      metricsHost: '::',
    });
    expect(() => opsConfig({ DRAIN_SECONDS: '-1' })).toThrow(/^DRAIN_SECONDS must be a number of seconds, 0 or more/);
    expect(() => opsConfig({ DISK_FLOOR_MB: '1.5' })).toThrow(/^DISK_FLOOR_MB must be a whole number/);
    expect(() => opsConfig({ METRICS_PORT: 'yes' })).toThrow(/^METRICS_PORT must be an integer from 0 to 65535/);
  });
});
