/**
 * Drive's partial responses (`fields`): `a,b(c,d),e/f`, `*` for everything. A selection of a field
 * the resource does not have is a 400 ("Invalid field selection x"), as on Drive.
 */
export type FieldTree = Map<string, FieldTree | null>;

/** A resource's shape: `true` for a leaf, an object for a nested resource (or list of them). */
export type Shape = { readonly [key: string]: Shape | true };

export class FieldsError extends Error {}

const METADATA = { width: true, height: true, rotation: true, durationMillis: true } as const;

export const FILE_SHAPE: Shape = {
  kind: true,
  id: true,
  name: true,
  mimeType: true,
  description: true,
  starred: true,
  trashed: true,
  explicitlyTrashed: true,
  parents: true,
  properties: true,
  appProperties: true,
  spaces: true,
  version: true,
  webContentLink: true,
  webViewLink: true,
  iconLink: true,
  hasThumbnail: true,
  thumbnailLink: true,
  thumbnailVersion: true,
  createdTime: true,
  modifiedTime: true,
  originalFilename: true,
  fullFileExtension: true,
  fileExtension: true,
  md5Checksum: true,
  size: true,
  quotaBytesUsed: true,
  driveId: true,
  imageMediaMetadata: { width: true, height: true, rotation: true },
  videoMediaMetadata: METADATA,
  capabilities: { canDownload: true, canEdit: true, canAddChildren: true, canTrash: true },
};

export const FILE_LIST_SHAPE: Shape = {
  kind: true,
  nextPageToken: true,
  incompleteSearch: true,
  files: FILE_SHAPE,
};

export const DEFAULT_FILE_FIELDS = 'kind,id,name,mimeType';
export const DEFAULT_LIST_FIELDS = 'kind,nextPageToken,incompleteSearch,files(kind,id,name,mimeType)';

export function parseFields(text: string): FieldTree {
  let i = 0;
  const list = (): FieldTree => {
    const tree: FieldTree = new Map();
    for (;;) {
      const m = /^\s*([A-Za-z0-9_]+(?:\/[A-Za-z0-9_]+)*|\*)\s*/.exec(text.slice(i));
      if (!m) throw new FieldsError(`Invalid field selection ${text.slice(i) || text}`);
      i += m[0].length;
      const path = m[1]!.split('/');
      let sub: FieldTree | null = null;
      if (text[i] === '(') {
        i++;
        sub = list();
        if (text[i] !== ')') throw new FieldsError(`Invalid field selection ${text}`);
        i++;
        while (text[i] === ' ') i++;
      }
      // a/b/c is a(b(c)): build the chain from the end.
      let node: FieldTree | null = sub;
      for (const key of path.slice(1).reverse()) node = new Map([[key, node]]);
      merge(tree, path[0]!, node);
      if (text[i] !== ',') return tree;
      i++;
    }
  };
  const tree = list();
  if (i !== text.length) throw new FieldsError(`Invalid field selection ${text}`);
  return tree;
}

function merge(tree: FieldTree, key: string, sub: FieldTree | null): void {
  const have = tree.get(key);
  if (have === undefined || sub === null) tree.set(key, sub);
  else if (have !== null) for (const [k, v] of sub) merge(have, k, v);
}

/** Throws FieldsError for a field the shape does not have. */
export function checkFields(tree: FieldTree, shape: Shape): void {
  for (const [key, sub] of tree) {
    if (key === '*') continue;
    const inner = shape[key];
    if (inner === undefined) throw new FieldsError(`Invalid field selection ${key}`);
    if (sub === null) continue;
    if (inner === true) throw new FieldsError(`Invalid field selection ${[...sub.keys()][0]}`);
    checkFields(sub, inner);
  }
}

/** The value with only the selected fields (lists are projected element by element). */
export function project(value: unknown, tree: FieldTree | null): unknown {
  if (tree === null || tree.has('*')) return value;
  if (Array.isArray(value)) return value.map((v) => project(v, tree));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  for (const [key, sub] of tree) {
    if (record[key] !== undefined) out[key] = project(record[key], sub);
  }
  return out;
}
