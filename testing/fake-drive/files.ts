import { driveError, faultBody, type DriveErrorBody } from './faults.ts';
import { checkFields, DEFAULT_FILE_FIELDS, FieldsError, FILE_SHAPE, parseFields, project } from './fields.ts';
import type { Answer, ListContext } from './list.ts';
import { FOLDER_MIME, type FakeFile } from './model.ts';
import { fileResource } from './resource.ts';

export interface FilesContext extends ListContext {
  /** Files (not folders) created outside a shared drive fail as for a service account: no quota. */
  readonly serviceAccountQuota: boolean;
}

export const notFound = (id: string, location = 'fileId'): DriveErrorBody =>
  driveError(404, 'notFound', `File not found: ${id}.`, 'global', { location, locationType: 'parameter' });

const badRequest = (message: string, location = 'fields'): DriveErrorBody =>
  driveError(400, 'invalid', message, 'global', { location, locationType: 'parameter' });

/** The file of `id` as a caller sees it (shared-drive files need supportsAllDrives). */
export function lookup(ctx: ListContext, id: string, supportsAllDrives: boolean): FakeFile | undefined {
  const file = ctx.state.files.get(id);
  return file && ctx.state.visible(file, supportsAllDrives) ? file : undefined;
}

function answer(ctx: ListContext, file: FakeFile, fieldsText: string | null): Answer {
  try {
    const fields = parseFields(fieldsText || DEFAULT_FILE_FIELDS);
    checkFields(fields, FILE_SHAPE);
    return { status: 200, body: project(fileResource(file, ctx.resource), fields) };
  } catch (e) {
    if (e instanceof FieldsError) return badRequest(e.message);
    throw e;
  }
}

export function getFile(ctx: ListContext, id: string, params: URLSearchParams, supportsAllDrives: boolean): Answer {
  const file = lookup(ctx, id, supportsAllDrives);
  return file ? answer(ctx, file, params.get('fields')) : notFound(id);
}

export interface CreateInput {
  readonly metadata: Record<string, unknown>;
  readonly content?: Buffer;
  readonly contentType?: string;
}

function stringMap(value: unknown): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object') return undefined;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

/** files.create, with or without content (the upload endpoints pass the media part). */
export function createFile(
  ctx: FilesContext,
  input: CreateInput,
  params: URLSearchParams,
  supportsAllDrives: boolean,
): Answer {
  const { metadata } = input;
  const parents = Array.isArray(metadata['parents']) ? metadata['parents'].map(String) : [];
  if (parents.length > 1) return badRequest('A shared drive item must have exactly one parent.', 'parents');
  for (const p of parents) {
    const parent = lookup(ctx, p, supportsAllDrives);
    if (!parent || parent.mimeType !== FOLDER_MIME) return notFound(p, 'parents');
  }
  const mimeType =
    typeof metadata['mimeType'] === 'string' ? metadata['mimeType'] : (input.contentType ?? 'application/octet-stream');
  const onSharedDrive = parents[0] !== undefined && ctx.state.files.get(parents[0])?.driveId !== undefined;
  if (mimeType !== FOLDER_MIME && ctx.serviceAccountQuota && !onSharedDrive) return faultBody('storageQuotaExceeded');
  const file = ctx.state.addFile({
    name: typeof metadata['name'] === 'string' ? metadata['name'] : 'Untitled',
    mimeType,
    parents,
    ...(typeof metadata['description'] === 'string' ? { description: metadata['description'] } : {}),
    ...(input.content ? { content: input.content } : {}),
    ...(stringMap(metadata['appProperties']) ? { appProperties: stringMap(metadata['appProperties']) } : {}),
    ...(stringMap(metadata['properties']) ? { properties: stringMap(metadata['properties']) } : {}),
  });
  return answer(ctx, file, params.get('fields'));
}

function applyMap(target: Record<string, string>, patch: unknown): void {
  if (typeof patch !== 'object' || patch === null) return;
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete target[k];
    else target[k] = String(v);
  }
}

/**
 * files.update (metadata only): name, description, trashed, appProperties/properties,
 * addParents/removeParents.
 */
export function updateFile(
  ctx: ListContext,
  id: string,
  patch: Record<string, unknown>,
  params: URLSearchParams,
  supportsAllDrives: boolean,
): Answer {
  const file = lookup(ctx, id, supportsAllDrives);
  if (!file) return notFound(id);
  if (typeof patch['name'] === 'string') file.name = patch['name'];
  if (typeof patch['description'] === 'string') file.description = patch['description'];
  if (typeof patch['trashed'] === 'boolean') file.trashed = patch['trashed'];
  applyMap(file.appProperties, patch['appProperties']);
  applyMap(file.properties, patch['properties']);
  const add = params.get('addParents')?.split(',').filter(Boolean) ?? [];
  const remove = params.get('removeParents')?.split(',').filter(Boolean) ?? [];
  for (const p of add) if (!lookup(ctx, p, supportsAllDrives)) return notFound(p, 'addParents');
  file.parents = [...file.parents.filter((p) => !remove.includes(p)), ...add.filter((p) => !file.parents.includes(p))];
  file.modifiedTime = new Date(ctx.state.now()).toISOString();
  return answer(ctx, file, params.get('fields'));
}
