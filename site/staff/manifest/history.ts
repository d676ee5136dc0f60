import type { Version } from '../../../engine/shared/manifest.ts';

/** The live version's number and files. */
export type LiveFiles = Pick<Version, 'number' | 'files'>;

/** What a version's row opened: its files, or its difference from the live version. */
export interface Opened {
  readonly version: Version;
  readonly mode: 'view' | 'diff';
}
