import { createHash } from 'node:crypto';
import { driveError, type DriveErrorBody } from './faults.ts';
import { checkFields, DEFAULT_LIST_FIELDS, FieldsError, FILE_LIST_SHAPE, parseFields, project } from './fields.ts';
import { flag } from './http.ts';
import { FOLDER_MIME, type FakeFile } from './model.ts';
import { matches, parseQuery, QueryError, type Query } from './query.ts';
import { fileResource, type ResourceContext } from './resource.ts';
import type { FakeDriveState } from './state.ts';

export interface ListContext {
  readonly state: FakeDriveState;
  readonly resource: ResourceContext;
  /** The most files one page holds, whatever pageSize asks (Drive may also return fewer). */
  readonly maxPageSize: number;
}

export type Answer = { readonly status: 200; readonly body: unknown } | DriveErrorBody;

const invalid = (location: string, message = 'Invalid Value'): DriveErrorBody =>
  driveError(400, 'invalid', message, 'global', { location, locationType: 'parameter' });

type Compare = (a: FakeFile, b: FakeFile) => number;

const ORDER_KEYS: Record<string, Compare> = {
  name: (a, b) => a.name.localeCompare(b.name, 'en'),
  name_natural: (a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }),
  folder: (a, b) => Number(b.mimeType === FOLDER_MIME) - Number(a.mimeType === FOLDER_MIME),
  createdTime: (a, b) => a.createdTime.localeCompare(b.createdTime),
  modifiedTime: (a, b) => a.modifiedTime.localeCompare(b.modifiedTime),
};

function orderBy(text: string | null): Compare | null {
  // Without orderBy Drive's order is unspecified; the fake uses id order so that clients must sort.
  if (!text) return (a, b) => (a.id < b.id ? -1 : 1);
  const keys: Compare[] = [];
  for (const item of text.split(',')) {
    const [key, dir, ...rest] = item.trim().split(/\s+/);
    const compare = key ? ORDER_KEYS[key] : undefined;
    if (!compare || rest.length || (dir !== undefined && dir !== 'desc')) return null;
    keys.push(dir === 'desc' ? (a, b) => -compare(a, b) : compare);
  }
  return (a, b) => {
    for (const k of keys) {
      const d = k(a, b);
      if (d !== 0) return d;
    }
    return a.id < b.id ? -1 : 1;
  };
}

/** files.list: q, fields, pageSize/pageToken, orderBy, shared-drive visibility. */
export function listFiles(ctx: ListContext, params: URLSearchParams): Answer {
  let fields;
  try {
    fields = parseFields(params.get('fields') || DEFAULT_LIST_FIELDS);
    checkFields(fields, FILE_LIST_SHAPE);
  } catch (e) {
    if (e instanceof FieldsError) return invalid('fields', e.message);
    throw e;
  }
  let query: Query | null = null;
  try {
    const q = params.get('q');
    if (q) query = parseQuery(q);
  } catch (e) {
    if (e instanceof QueryError) return invalid('q');
    throw e;
  }
  const pageSize = params.has('pageSize') ? Number(params.get('pageSize')) : 100;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) return invalid('pageSize');
  const compare = orderBy(params.get('orderBy'));
  if (!compare) return invalid('orderBy');

  const allDrives = flag(params, 'includeItemsFromAllDrives') && flag(params, 'supportsAllDrives');
  const driveOnly = params.get('corpora') === 'drive' ? params.get('driveId') : null;
  const found = [...ctx.state.files.values()].filter(
    (f) =>
      f.parents.length > 0 &&
      (f.driveId === undefined || allDrives) &&
      (driveOnly === null || f.driveId === driveOnly) &&
      (query === null || matches(query, f)),
  );
  found.sort(compare);

  // The token binds the offset to the query it belongs to, as Drive's tokens do.
  const key = createHash('sha1')
    .update(`${params.get('q')}|${params.get('orderBy')}|${allDrives}|${driveOnly}`)
    .digest('base64url')
    .slice(0, 12);
  let offset = 0;
  const token = params.get('pageToken');
  if (token) {
    const [k, o] = Buffer.from(token, 'base64url').toString('utf8').split(':');
    if (k !== key || !/^\d+$/.test(o ?? '')) return invalid('pageToken');
    offset = Number(o);
  }
  const size = Math.min(pageSize, ctx.maxPageSize);
  const page = found.slice(offset, offset + size);
  const more = offset + size < found.length;
  const body = {
    kind: 'drive#fileList',
    incompleteSearch: false,
    nextPageToken: more ? Buffer.from(`${key}:${offset + size}`).toString('base64url') : undefined,
    files: page.map((f) => fileResource(f, ctx.resource)),
  };
  return { status: 200, body: project(body, fields) };
}
