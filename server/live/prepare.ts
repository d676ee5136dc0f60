import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalogue } from '../../engine/index.ts';
import { whyBuild } from './build-state.ts';
import { generateDemoMedia } from '../imaging/demo-media.ts';
import { writeDefaults } from '../imaging/slot-defaults.ts';
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../log.ts';

/**
 * What `npm start` does before it serves (`server/main.ts --prepare`): builds the bundles when they are
 * missing or stale, makes the demo media of an empty local store, and writes the built-in slot images.
 */
export async function prepareToServe(config: ServerConfig, catalogue: Catalogue, logger: Logger): Promise<void> {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts?: Record<string, string> }).scripts;
  const reason = whyBuild(process.cwd());
  if (reason !== null && scripts?.build) {
    logger.info(`${reason}: running npm run build ...`);
    const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed; see above.');
  }
  if (config.mediaStore === 'local' && !existsSync(join(config.dataDir, 'media'))) {
    logger.info(`No media under ${config.dataDir}: generating the demo media ...`);
    const { folders, ms } = await generateDemoMedia(config.dataDir, catalogue);
    logger.info(`Demo media ready: ${folders} folders in ${ms} ms.`);
  }
  await writeDefaults(config.dataDir, catalogue);
}

/** `build`, run the first time after `prepare` (npm start with a manifest that was invalid at start). */
export function preparedFirst<T>(
  build: (catalogue: Catalogue) => Promise<T>,
  prepare: (catalogue: Catalogue) => Promise<void>,
): (catalogue: Catalogue) => Promise<T> {
  let prepared = false;
  return async (catalogue) => {
    if (!prepared) await prepare(catalogue);
    prepared = true;
    return build(catalogue);
  };
}
