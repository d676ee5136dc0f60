import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadCatalogue } from '../engine/node/read.ts';
import { FakeDrive, loadTree } from '../testing/fake-drive/index.ts';
import { generateDemoMedia } from '../server/imaging/demo-media.ts';
import { writeDefaults } from '../server/imaging/slot-defaults.ts';

/**
 * Drive mode end to end with no Google account: a fake Drive v3 server on loopback holding the demo
 * media tree (DATA_DIR/media, made first when missing) on a "shared drive", a service-account key
 * it trusts, and the site started with `npm start` in drive mode against it.
 *
 * Env: DATA_DIR (default ./data), PORT (the site's, default 3000), DRIVE_FAKE_PORT (default: any free).
 */
async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR?.trim() || 'data');
  const loaded = loadCatalogue();
  if (!loaded.ok) throw new Error('The manifest is invalid: run `npm run check` for the list of problems.');
  const media = join(dataDir, 'media');
  if (existsSync(media)) {
    await writeDefaults(dataDir, loaded.catalogue);
  } else {
    console.log(`Making the demo media under ${media} ...`);
    await generateDemoMedia(dataDir, loaded.catalogue);
  }

  const fake = await FakeDrive.start({ port: Number(process.env.DRIVE_FAKE_PORT?.trim() || 0) });
  const driveId = fake.state.addSharedDrive('Company Media');
  const rootId = await loadTree(fake.state, media, { rootName: 'Site Media', parentId: driveId });
  const keyFile = join(dataDir, 'fake-drive-key.json');
  await writeFile(keyFile, JSON.stringify(fake.serviceAccountKey(), null, 2), { mode: 0o600 });
  console.log(`Fake Drive at ${fake.url}: ${fake.state.files.size} files and folders, root folder ${rootId}.`);
  console.log(
    `  Fail the next listings: curl -X POST '${fake.url}/__fake/fail?op=files.list&times=5&kind=backendError'`,
  );
  console.log(`  Calls so far:           curl ${fake.url}/__fake/calls`);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MEDIA_STORE: 'drive',
    DATA_DIR: dataDir,
    DRIVE_API_ROOT_URL: fake.rootUrl,
    DRIVE_TOKEN_URL: fake.tokenUrl,
    DRIVE_ROOT_FOLDER_ID: rootId,
    GOOGLE_APPLICATION_CREDENTIALS: keyFile,
  };
  delete env.GOOGLE_CREDENTIALS_JSON;
  const site = spawn('npm', ['start'], { stdio: 'inherit', env });

  let stopping = false;
  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await fake.close();
    await rm(keyFile, { force: true });
    process.exit(code);
  };
  site.once('exit', (code) => void stop(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      // The site finishes its in-flight requests, exits, and then the fake stops.
      site.kill('SIGTERM');
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
