import type { ServerConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import { LocalStore } from './local.ts';
import type { MediaStore } from './types.ts';

/** The media store the configuration asks for. */
export async function createStore(config: ServerConfig, logger: Logger): Promise<MediaStore> {
  if (config.mediaStore === 'local') return new LocalStore({ dataDir: config.dataDir });
  // Loaded only in drive mode, so that the local default never pulls in the Google client.
  const { createDriveStore } = await import('./drive.ts');
  return createDriveStore({ ...config.drive, logger });
}
