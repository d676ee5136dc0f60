import { buildCatalogue, type Catalogue } from '../../engine/index.ts';

// The manifest's files as text, read by Vite at test time (no Node APIs in the site's code).
const files = import.meta.glob<string>('../../manifest/*.yaml', { query: '?raw', import: 'default', eager: true });

/** The real catalogue of the repository's manifest, for tests. */
export function testCatalogue(): Catalogue {
  const sources = Object.keys(files)
    .sort()
    .map((path) => ({ file: path.replace(/^(\.\.\/)+/, ''), text: files[path] as string }));
  const built = buildCatalogue(sources);
  if (!built.ok) throw new Error('The manifest is invalid: run `npm run check`.');
  return built.catalogue;
}
