import type { SourceFile } from './source.ts';

/** A small seeded PRNG (mulberry32): the same seed gives the same mutations on every machine. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UNICODE = ['é', '—', '’', '🌞', '\u200b', '\u202e', 'Ω', '日本', '\u00a0', '\ufeff'];
const WRONG = ['[a, b]', '{ x: 1 }', '42', 'true', '~', "''", '[]', '{}', '- x', '"unterminated'];
const BROKEN = ['[', ']', '{', '"', "'", ': :', '\t', '&a', '*b', '!!binary', '%', '@', '`', '|', '>'];

export const MUTATIONS = ['delete-line', 'wrong-type', 'duplicate-entry', 'broken-yaml', 'unicode', 'indent'] as const;

/**
 * One random editing mistake in one manifest file: a deleted key, a value of another type, a
 * duplicated list entry, broken YAML, unusual characters, a line indented wrong. For fuzz tests.
 */
export function mutate(sources: readonly SourceFile[], random: () => number): { sources: SourceFile[]; what: string } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const fi = Math.floor(random() * sources.length);
  const src = sources[fi] as SourceFile;
  const lines = src.text.split('\n');
  const content = lines.map((_, i) => i).filter((i) => /\S/.test(lines[i] ?? '') && !/^\s*#/.test(lines[i] ?? ''));
  const at = pick(content);
  const line = lines[at] ?? '';
  const kind = pick(MUTATIONS);
  switch (kind) {
    case 'delete-line':
      lines.splice(at, 1);
      break;
    case 'wrong-type': {
      const m = /^(\s*(?:- )?[\w-]+:\s*)(.*)$/.exec(line);
      lines[at] = m ? `${m[1]}${pick(WRONG)}` : `${line} ${pick(WRONG)}`;
      break;
    }
    case 'duplicate-entry': {
      // The list entry (or mapping key) the line belongs to, duplicated right after itself.
      let start = at;
      while (start > 0 && !/^\s*- /.test(lines[start] ?? '')) start--;
      const indent = /^\s*/.exec(lines[start] ?? '')?.[0].length ?? 0;
      let end = start + 1;
      while (
        end < lines.length &&
        ((lines[end] ?? '').trim() === '' || (/^\s*/.exec(lines[end] ?? '')?.[0].length ?? 0) > indent)
      )
        end++;
      lines.splice(end, 0, ...lines.slice(start, end));
      break;
    }
    case 'broken-yaml': {
      const pos = Math.floor(random() * (line.length + 1));
      lines[at] = line.slice(0, pos) + pick(BROKEN) + line.slice(pos);
      break;
    }
    case 'unicode': {
      const pos = Math.floor(random() * (line.length + 1));
      lines[at] = line.slice(0, pos) + pick(UNICODE) + line.slice(pos);
      break;
    }
    case 'indent':
      lines[at] = random() < 0.5 ? line.replace(/^ {1,2}/, '') : `   ${line}`;
      break;
  }
  const out = [...sources];
  out[fi] = { file: src.file, text: lines.join('\n') };
  return { sources: out, what: `${kind} at ${src.file}:${at + 1}` };
}
