import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalogue } from '../../engine/node/read.ts';
import { demoDataTemplate } from '../../scripts/demo-media.ts';
import { createApp } from '../../server/app.ts';
import { createDataCache, createSiteData } from '../../server/data/site-data.ts';
import { createLogger } from '../../server/log.ts';
import { LocalStore } from '../../server/media/local.ts';
import { FlakyStore } from './flaky-store.ts';
import { storeSuite } from './suite.ts';

const EMPTY = 'Interior Window Coverings/Blinds/Wood';
const SECRET = 'outside-the-store-7f3a9c';

storeSuite('API contract: local store', async () => {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid.');
  const catalogue = built.catalogue;
  const dataDir = await mkdtemp(join(tmpdir(), 'shade-local-'));
  await cp(await demoDataTemplate(catalogue), dataDir, { recursive: true });
  // A file beside the media tree that no URL may ever reach.
  await writeFile(join(dataDir, 'outside-secret.txt'), SECRET);
  const emptyDir = join(dataDir, 'media', ...EMPTY.split('/'));
  for (const name of await readdir(emptyDir)) await rm(join(emptyDir, name));

  const store = new FlakyStore(new LocalStore({ dataDir }));
  const logger = createLogger('silent');
  const data = createSiteData({
    catalogue,
    store,
    cache: createDataCache({}),
    slotImages: async () => ({}),
  });
  const app = createApp({ config: { dataDir }, catalogue, data, logger });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    emptyFolderPath: EMPTY,
    outsideSecret: SECRET,
    addFile: (folder, name, bytes) => writeFile(join(dataDir, 'media', ...folder.split('/'), name), bytes),
    setOwnCaption: (folder, name, text) => writeFile(join(dataDir, 'media', ...folder.split('/'), `${name}.txt`), text),
    removeFile: (folder, name) => rm(join(dataDir, 'media', ...folder.split('/'), name)),
    setUpstreamFailing: (failing) => void (store.failing = failing),
    listCalls: () => store.listCalls,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});
