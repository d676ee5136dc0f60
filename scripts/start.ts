import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalogue } from '../engine/node/read.ts';
import { loadConfig } from '../server/config.ts';
import { createLogger } from '../server/log.ts';
import { exitOnSignals, startServer } from '../server/main.ts';
import { whyBuild } from './build-state.ts';
import { generateDemoMedia, writeDefaults } from './demo-media.ts';

/**
 * `npm start`: builds what is missing or stale (the bundles, the demo media of the local store), then
 * serves the site and API on PORT.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts?: Record<string, string> }).scripts;
  const reason = whyBuild(process.cwd());
  if (reason !== null && scripts?.build) {
    console.log(`${reason}: running npm run build ...`);
    const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed; see above.');
  }
  const catalogue = loadCatalogue();
  if (!catalogue.ok) throw new Error('The manifest is invalid: run `npm run check` for the list of problems.');
  if (config.mediaStore === 'local' && !existsSync(join(config.dataDir, 'media'))) {
    console.log(`No media under ${config.dataDir}: generating the demo media ...`);
    const { folders, ms } = await generateDemoMedia(config.dataDir, catalogue.catalogue);
    console.log(`Demo media ready: ${folders} folders in ${ms} ms.`);
  }
  await writeDefaults(config.dataDir, catalogue.catalogue);
  const logger = createLogger(config.logLevel);
  exitOnSignals(await startServer(config, logger), logger);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
