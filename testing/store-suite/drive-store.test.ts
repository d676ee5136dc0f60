import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadCatalogue } from '../../engine/node/read.ts';
import { demoDataTemplate } from '../../scripts/demo-media.ts';
import { createApp } from '../../server/app.ts';
import { createDataCache, createSiteData } from '../../server/data/site-data.ts';
import { FakeDrive, loadTree } from '../fake-drive/index.ts';
import { createLogger } from '../../server/log.ts';
import { createDriveStore } from '../../server/media/drive.ts';
import { mimeTypeOf } from '../../server/media/mime.ts';
import { storeSuite } from './suite.ts';

const EMPTY = 'Interior Window Coverings/Blinds/Wood';
const SECRET = 'outside-the-store-7f3a9c';
/** A folder listing (not a folder lookup, not a poster search) in files.list's `q`. */
let skew = 0;
const LISTING = /^'[^']+' in parents and mimeType != '[^']+' and trashed = false$/;

storeSuite('API contract: drive store (googleapis against the fake Drive v3 on loopback)', async () => {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid.');
  const catalogue = built.catalogue;
  const template = await demoDataTemplate(catalogue);

  // Drive holds the same demo tree as the local store, on a shared drive.
  const fake = await FakeDrive.start();
  const rootId = await loadTree(fake.state, join(template, 'media'), {
    rootName: 'Site Media',
    parentId: fake.state.addSharedDrive('Company Media'),
  });
  const emptyId = fake.state.findPath(rootId, EMPTY)!;
  for (const f of [...fake.state.files.values()]) if (f.parents.includes(emptyId)) fake.state.files.delete(f.id);

  // The data directory holds only what drive mode keeps locally: defaults, thumbnail cache, slot map.
  const dataDir = await mkdtemp(join(tmpdir(), 'shade-drive-'));
  await cp(join(template, 'defaults'), join(dataDir, 'defaults'), { recursive: true });
  await writeFile(join(dataDir, 'outside-secret.txt'), SECRET);

  const logger = createLogger('silent');
  const store = await createDriveStore({
    credentialsJson: JSON.stringify(fake.serviceAccountKey()),
    rootFolderId: rootId,
    apiRootUrl: fake.rootUrl,
    retry: { baseMs: 5, maxMs: 20 },
    // Recovery moves this clock past the pause that follows a failure (the fault suite tests pauses).
    keyBreakers: { clock: () => Date.now() + skew },
  });
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
    addFile: async (folder, name, bytes) => {
      const mimeType = mimeTypeOf(name) ?? 'application/octet-stream';
      // Drive has no sizes for an image it cannot read (the suite adds a corrupt one).
      const meta = mimeType.startsWith('image/')
        ? await sharp(bytes)
            .metadata()
            .catch(() => undefined)
        : undefined;
      const parent = fake.state.findPath(rootId, folder);
      if (!parent) throw new Error(`No folder ${folder} in the fake Drive.`);
      fake.state.addFile({
        name,
        mimeType,
        parents: [parent],
        content: bytes,
        width: meta?.width,
        height: meta?.height,
      });
    },
    setOwnCaption: async (folder, name, text) => {
      const parent = fake.state.findPath(rootId, folder);
      const file = [...fake.state.files.values()].find((f) => f.name === name && parent && f.parents.includes(parent));
      if (!file) throw new Error(`No file ${folder}/${name} in the fake Drive.`);
      file.description = text;
    },
    removeFile: async (folder, name) => {
      const parent = fake.state.findPath(rootId, folder);
      const file = [...fake.state.files.values()].find((f) => f.name === name && parent && f.parents.includes(parent));
      if (!file) throw new Error(`No file ${folder}/${name} in the fake Drive.`);
      fake.state.files.delete(file.id);
    },
    setUpstreamFailing: (failing) => {
      fake.faults.failAll(failing ? 'backendError' : null);
      if (!failing) skew += 60_000;
    },
    listCalls: () => fake.faults.callsOf('files.list').filter((c) => LISTING.test(c.subject)).length,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await fake.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});
