import {
  MANIFEST_API,
  versionPath,
  type CheckResult,
  type DraftPreview,
  type ManifestFile,
  type Published,
  type PublishConflict,
  type Version,
} from '../../../engine/shared/manifest.ts';
import { fetchJson, HttpError } from '../../data/fetcher.ts';

/** POST a JSON body, read the JSON answer (a non-2xx answer throws the fetcher's HttpError). */
const post = <T>(url: string, body: unknown, signal?: AbortSignal): Promise<T> =>
  fetchJson<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });

/** Keeps a draft on the server for a preview of its pages. */
export const previewDraft = (files: readonly ManifestFile[]): Promise<DraftPreview> =>
  post<DraftPreview>(MANIFEST_API.preview, { files });

/** The project's checker, on the server, over a draft. */
export const checkDraft = (files: readonly ManifestFile[], signal?: AbortSignal): Promise<CheckResult> =>
  post<CheckResult>(MANIFEST_API.check, { files }, signal);

/** What a publish came to: the new version, or the version that went live since the draft's base. */
export type PublishOutcome =
  { readonly ok: true; readonly published: Published } | { readonly ok: false; readonly conflict: PublishConflict };

/** The JSON body of an HttpError, if it has one. */
function bodyOf(error: HttpError): unknown {
  const prefix = `${error.status}: `;
  try {
    return JSON.parse(error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message);
  } catch {
    return undefined;
  }
}

/**
 * Publishes a draft as a compare-and-swap on `baseVersion`. A 409 (another publish since) is an
 * outcome, not an error: it carries the live version's files. Other failures throw.
 */
export async function publishDraft(request: {
  readonly baseVersion: number;
  readonly files: readonly ManifestFile[];
  readonly note: string;
}): Promise<PublishOutcome> {
  try {
    return { ok: true, published: await post<Published>(MANIFEST_API.publish, request) };
  } catch (error) {
    const body = error instanceof HttpError && error.status === 409 ? bodyOf(error) : undefined;
    const live = (body as Partial<PublishConflict> | undefined)?.live;
    if (live && Array.isArray(live.files)) return { ok: false, conflict: body as PublishConflict };
    throw error;
  }
}

/** Publishes version `n` again (a rollback is a new version with its files), signed by the signed-in account. */
export const rollbackTo = (n: number): Promise<Published> => post<Published>(versionPath(MANIFEST_API.rollback, n), {});

/** One version with its files. */
export const fetchVersion = (n: number): Promise<Version> =>
  fetchJson<Version>(versionPath(MANIFEST_API.version, n), { cache: 'no-store' });
