import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  captionsFileLanguage,
  captionsFor,
  parseCaptionTable,
  parseCaptionText,
  type CaptionsByLanguage,
} from './caption-text.ts';

/** Whether a name in a folder is one of its caption files: a captions file or `<media file>.txt`. */
export const isCaptionFile = (name: string, media: ReadonlySet<string>): boolean =>
  captionsFileLanguage(name) !== null || (name.toLowerCase().endsWith('.txt') && media.has(name.slice(0, -4)));

/**
 * Captions of a local folder's media files, by file name and language: a sidecar `<file>.txt`
 * (its `es:` line the Spanish one) wins, language by language, over the folder's `captions.yaml`
 * and `captions.<lang>.yaml`. A file that cannot be read or parsed is ignored (the name makes the title).
 */
export async function localCaptions(
  dir: string,
  names: readonly string[],
  media: readonly string[],
): Promise<Map<string, CaptionsByLanguage>> {
  const present = new Set(names);
  const read = (name: string) => readFile(join(dir, name), 'utf8').catch(() => '');
  const tables = new Map(
    await Promise.all(
      names
        .map((name) => [name, captionsFileLanguage(name)] as const)
        .filter((e): e is readonly [string, string] => e[1] !== null)
        .map(async ([name, lang]) => [lang, parseCaptionTable(await read(name))] as const),
    ),
  );
  const sidecars = new Map(
    await Promise.all(
      media
        .filter((name) => present.has(`${name}.txt`))
        .map(async (name) => [name, parseCaptionText(await read(`${name}.txt`))] as const),
    ),
  );
  const captions = new Map<string, CaptionsByLanguage>();
  for (const name of media) {
    const found = captionsFor(name, tables, sidecars.get(name));
    if (found.size > 0) captions.set(name, found);
  }
  return captions;
}
