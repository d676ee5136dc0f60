import { driveError } from './faults.ts';
import type { Answer } from './list.ts';
import { checkFields, FieldsError, parseFields, project, type Shape } from './fields.ts';
import type { FakeDriveState } from './state.ts';

const ABOUT_SHAPE: Shape = {
  kind: true,
  storageQuota: { limit: true, usage: true, usageInDrive: true, usageInDriveTrash: true },
  user: { displayName: true, emailAddress: true, kind: true },
};

/**
 * about.get as Drive answers it: `fields` is required (400 without), quota figures are strings of
 * bytes, and `limit` is absent when the account has no limit. Usage is the bytes of every file held.
 */
export function getAbout(state: FakeDriveState, params: URLSearchParams, limitBytes: number | null): Answer {
  const fields = params.get('fields');
  if (!fields) {
    const message = "The 'fields' parameter is required for this operation.";
    return driveError(400, 'required', message, 'global', { location: 'fields', locationType: 'parameter' });
  }
  let tree;
  try {
    tree = parseFields(fields);
    checkFields(tree, ABOUT_SHAPE);
  } catch (error) {
    if (error instanceof FieldsError) return driveError(400, 'invalidParameter', error.message);
    throw error;
  }
  let usage = 0;
  let trash = 0;
  for (const f of state.files.values()) {
    const size = f.content?.length ?? 0;
    if (f.trashed) trash += size;
    usage += size;
  }
  const about = {
    kind: 'drive#about',
    storageQuota: {
      ...(limitBytes === null ? {} : { limit: String(limitBytes) }),
      usage: String(usage),
      usageInDrive: String(usage),
      usageInDriveTrash: String(trash),
    },
    user: { kind: 'drive#user', displayName: 'site-reader', emailAddress: 'site-reader@fake.iam.gserviceaccount.com' },
  };
  return { status: 200, body: project(about, tree) };
}
