import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A large JSON value (a built catalogue: about 100 MB for 10,000 family members) cut into pieces that
 * each read in a few milliseconds, so that the thread that receives it from the build worker reads one
 * piece per turn of its event loop and keeps answering requests meanwhile. Reading it whole (or as one
 * structured clone) would hold that thread for seconds.
 */
export interface Piece {
  readonly path: readonly (string | number)[];
  /** `value`: the value at `path`; `items`: more items of the array there; `entries`: more keys of the object there. */
  readonly kind: 'value' | 'items' | 'entries';
  readonly json: string;
}

/** Items of an array, or keys of an object, per piece. */
const PER_PIECE = 400;
/** How deep objects are opened: the catalogue, its translations, each language's catalogue, its parts. */
const OPEN_DEPTH = 4;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/** `value` as pieces (JSON: undefined values are left out, as JSON leaves them). */
export function toPieces(value: unknown): Piece[] {
  const out: Piece[] = [];
  const cut = (v: unknown, path: (string | number)[], depth: number): void => {
    if (Array.isArray(v) && v.length > PER_PIECE) {
      out.push({ path, kind: 'value', json: '[]' });
      for (let i = 0; i < v.length; i += PER_PIECE)
        out.push({ path, kind: 'items', json: JSON.stringify(v.slice(i, i + PER_PIECE)) });
    } else if (isPlainObject(v) && depth < OPEN_DEPTH) {
      const keys = Object.keys(v);
      out.push({ path, kind: 'value', json: '{}' });
      if (keys.length <= PER_PIECE) for (const k of keys) cut(v[k], [...path, k], depth + 1);
      else
        for (let i = 0; i < keys.length; i += PER_PIECE) {
          const some = Object.fromEntries(keys.slice(i, i + PER_PIECE).map((k) => [k, v[k]]));
          out.push({ path, kind: 'entries', json: JSON.stringify(some) });
        }
    } else if (v !== undefined) {
      out.push({ path, kind: 'value', json: JSON.stringify(v) });
    }
  };
  cut(value, [], 0);
  return out;
}

/** The value the pieces were cut from, read one piece per turn of the event loop. */
export async function fromPieces(pieces: readonly Piece[]): Promise<unknown> {
  const root: { value?: unknown } = {};
  let started = performance.now();
  for (const piece of pieces) {
    apply(root, piece);
    // A turn every ~10 ms: requests waiting meanwhile are answered between pieces.
    if (performance.now() - started > 10) {
      await nextTurn();
      started = performance.now();
    }
  }
  return root.value;
}

function apply(root: { value?: unknown }, piece: Piece): void {
  let parent: Record<string | number, unknown> = root;
  let key: string | number = 'value';
  for (const step of piece.path) {
    parent = parent[key] as Record<string | number, unknown>;
    key = step;
  }
  const read: unknown = JSON.parse(piece.json);
  if (piece.kind === 'value') parent[key] = read;
  else if (piece.kind === 'items') (parent[key] as unknown[]).push(...(read as unknown[]));
  else Object.assign(parent[key] as object, read);
}
