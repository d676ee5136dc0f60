import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The file in a folder that captions several files at once: `file name: caption` per line. */
export const CAPTIONS_FILE = 'captions.yaml';

/** Longest caption kept (a sidecar is text written by staff, not a document). */
const MAX_CAPTION = 300;

const clean = (text: string): string | undefined => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line ? line.slice(0, MAX_CAPTION) : undefined;
};

/**
 * Captions of a local folder's media files: a sidecar `<file>.txt` wins over the folder's
 * `captions.yaml`. A sidecar that cannot be read or parsed is ignored (the name makes the title).
 */
export async function localCaptions(dir: string, names: readonly string[], media: readonly string[]) {
  const present = new Set(names);
  const captions = new Map<string, string>();
  if (present.has(CAPTIONS_FILE)) {
    const table: unknown = await readFile(join(dir, CAPTIONS_FILE), 'utf8')
      .then((text) => parse(text) as unknown)
      .catch(() => null);
    if (table && typeof table === 'object')
      for (const [name, value] of Object.entries(table))
        if (typeof value === 'string' && clean(value)) captions.set(name, clean(value) as string);
  }
  await Promise.all(
    media
      .filter((name) => present.has(`${name}.txt`))
      .map(async (name) => {
        const text = await readFile(join(dir, `${name}.txt`), 'utf8').catch(() => '');
        const caption = clean(text);
        if (caption) captions.set(name, caption);
      }),
  );
  return captions;
}
