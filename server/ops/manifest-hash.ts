import { createHash } from 'node:crypto';
import type { Catalogue } from '../../engine/index.ts';

const hashes = new WeakMap<Catalogue, string>();

/**
 * A content hash of the catalogue served (12 hex digits): the same manifest gives the same hash on
 * every server, any change a new one. Computed once per catalogue.
 */
export function manifestHash(catalogue: Catalogue): string {
  let hash = hashes.get(catalogue);
  if (hash === undefined) {
    hash = createHash('sha256').update(JSON.stringify(catalogue)).digest('hex').slice(0, 12);
    hashes.set(catalogue, hash);
  }
  return hash;
}
