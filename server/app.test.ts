import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../engine/index.ts';
import { loadCatalogue } from '../engine/node/read.ts';
import { createApp } from './app.ts';
import { ConfigError, loadConfig, type ServerConfig } from './config.ts';
import { createDataCache, createSiteData } from './data/site-data.ts';
import { createLogger } from './log.ts';
import { LocalStore } from './media/local.ts';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['TRUE', true],
    ['2', 2],
    ['loopback, 10.0.0.0/8', 'loopback,10.0.0.0/8'],
    ['::1', '::1'],
  ])('%j -> %j', (raw, expected) => {
    expect(loadConfig(raw === undefined ? {} : { TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it('refuses what Express would not understand', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy' })).toThrow(ConfigError);
  });
});

describe('THUMB_CACHE_MB', () => {
  it('defaults to 2048 and takes whole megabytes', () => {
    expect(loadConfig({}).thumbCacheMb).toBe(2048);
    expect(loadConfig({ THUMB_CACHE_MB: ' 300 ' }).thumbCacheMb).toBe(300);
  });

  it.each(['0', '-5', '1.5', 'lots'])('refuses %j with a message naming the variable', (raw) => {
    expect(() => loadConfig({ THUMB_CACHE_MB: raw })).toThrow(/THUMB_CACHE_MB must be a whole number of megabytes/);
  });
});

describe('the app trusts the configured proxies only', () => {
  let dataDir = '';
  let catalogue: Catalogue;
  const servers: { close: () => Promise<void> }[] = [];

  beforeAll(async () => {
    const built = loadCatalogue();
    if (!built.ok) throw new Error('The manifest is invalid.');
    catalogue = built.catalogue;
    dataDir = await mkdtemp(join(tmpdir(), 'app-test-'));
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The client address the app sees for a request from loopback that says it forwards 203.0.113.7. */
  const clientIp = async (trustProxy?: ServerConfig['trustProxy']): Promise<string> => {
    const logger = createLogger('silent');
    const data = createSiteData({
      catalogue,
      store: new LocalStore({ dataDir }),
      cache: createDataCache({}),
      slotImages: async () => ({}),
    });
    const ip = Router().get('/test/ip', (req, res) => void res.json({ ip: req.ip }));
    const app = createApp({ config: { dataDir, trustProxy }, catalogue, data, logger, routers: [ip] });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
    servers.push({
      close: async () => {
        server.closeAllConnections();
        await new Promise((done) => server.close(done));
      },
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/test/ip`;
    const res = await fetch(url, { headers: { 'X-Forwarded-For': '203.0.113.7' } });
    return ((await res.json()) as { ip: string }).ip;
  };

  it('believes no proxy by default, and a loopback proxy with TRUST_PROXY=loopback', async () => {
    expect(await clientIp()).toMatch(/127\.0\.0\.1$/);
    expect(await clientIp(loadConfig({}).trustProxy)).toMatch(/127\.0\.0\.1$/);
    expect(await clientIp(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy)).toBe('203.0.113.7');
    expect(await clientIp(loadConfig({ TRUST_PROXY: 'false' }).trustProxy)).toMatch(/127\.0\.0\.1$/);
    expect(await clientIp(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy)).toMatch(/127\.0\.0\.1$/);
  });
});
