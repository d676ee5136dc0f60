import { lstat, readdir } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { shortHash } from './ids.ts';
import { isPoster, mimeTypeOf } from './mime.ts';

export interface IndexEntry {
  readonly type: 'folder' | 'file';
  /** Path relative to the store root, '/'-separated. Only ever produced by walking or by the manifest. */
  readonly rel: string;
}

export const folderIdOf = (rel: string): string => shortHash(`folder:${rel}`);
export const fileIdOf = (rel: string): string => shortHash(`file:${rel}`);

/** A manifest folder path as a relative path, or null when it has an unsafe segment. */
export function safeRelPath(path: string): string | null {
  const segments = path.split('/').map((s) => s.trim());
  const bad = (s: string): boolean => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0');
  if (segments.length === 0 || segments.some(bad)) return null;
  return segments.join('/');
}

/** A listed file is a media file (by extension), not a poster and not hidden. */
export const isMediaName = (name: string): boolean =>
  !name.startsWith('.') && !isPoster(name) && mimeTypeOf(name) !== null;

/**
 * Public id -> relative path, built by walking the tree. URL ids are only ever looked up here; no
 * path is derived from them. Symbolic links are not followed.
 */
export class LocalIndex {
  private readonly map = new Map<string, IndexEntry>();
  private walking: Promise<void> | null = null;
  private lastWalk = -Infinity;

  constructor(
    readonly root: string,
    private readonly clock: () => number = Date.now,
    private readonly rewalkEveryMs = 1000,
  ) {}

  /** The absolute path of a relative one, refusing anything that leaves the root. */
  abs(rel: string): string {
    const abs = join(this.root, ...rel.split('/'));
    const back = relative(this.root, abs);
    if (back.startsWith('..') || isAbsolute(back) || back.split(sep).includes('..')) {
      throw new Error(`Path escapes the media root: ${rel}`);
    }
    return abs;
  }

  add(type: IndexEntry['type'], rel: string): string {
    const id = type === 'folder' ? folderIdOf(rel) : fileIdOf(rel);
    this.map.set(id, { type, rel });
    return id;
  }

  remove(id: string): void {
    this.map.delete(id);
  }

  /** Looks an id up; on a miss, walks the tree again (at most once per `rewalkEveryMs`). */
  async lookup(id: string): Promise<IndexEntry | undefined> {
    const hit = this.map.get(id);
    if (hit) return hit;
    if (this.clock() - this.lastWalk >= this.rewalkEveryMs) await this.walk();
    return this.map.get(id);
  }

  /** Walks the whole tree once; concurrent callers share the walk. */
  walk(): Promise<void> {
    this.walking ??= this.walkDir('')
      .then(() => void (this.lastWalk = this.clock()))
      .finally(() => (this.walking = null));
    return this.walking;
  }

  private async walkDir(rel: string): Promise<void> {
    const dir = rel === '' ? this.root : this.abs(rel);
    let entries;
    try {
      if (!(await lstat(dir)).isDirectory()) return;
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    const subdirs: string[] = [];
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        this.add('folder', childRel);
        subdirs.push(childRel);
      } else if (entry.isFile() && isMediaName(entry.name)) {
        this.add('file', childRel);
      }
    }
    await Promise.all(subdirs.map((s) => this.walkDir(s)));
  }
}
