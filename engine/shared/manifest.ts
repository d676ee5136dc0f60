/**
 * The manifest API (issue 20): its paths and JSON shapes, shared by the server and the manifest
 * editor's bundle. Pure types and constants.
 */

/** The manifest API's paths; `:n` is a version number (`versionPath`). */
export const MANIFEST_API = {
  live: '/admin/api/manifest',
  check: '/admin/api/manifest/check',
  publish: '/admin/api/manifest/publish',
  versions: '/admin/api/manifest/versions',
  version: '/admin/api/manifest/versions/:n',
  rollback: '/admin/api/manifest/rollback/:n',
  status: '/admin/api/manifest/status',
  preview: '/admin/api/manifest/preview',
} as const;

/** `POST preview` `{ files }`: where the draft's pages are shown to staff, and which pages it has. */
export interface DraftPreview {
  readonly token: string;
  /** `/admin/manifest/preview/<token>/`: a page path of the draft follows it (without its leading slash). */
  readonly url: string;
  readonly pages: readonly string[];
  /** Said when keeping this draft removed older ones (drafts are bounded per author and in all). */
  readonly notice?: string;
}

/** A path of the API with its `:n` filled. */
export const versionPath = (path: string, n: number): string => path.replace(':n', String(n));

/** A manifest file's name: a YAML file of the manifest folder, no sub-folders. */
export const MANIFEST_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.ya?ml$/;

/** One manifest file as staff edit it: its name in `manifest/` and its text. */
export interface ManifestFile {
  readonly name: string;
  readonly text: string;
}

/** `GET live`: the live version's number, hash and files. */
export interface LiveManifest {
  readonly version: number;
  readonly hash: string;
  readonly files: readonly ManifestFile[];
}

/** A problem of a draft, as the checker places it (1-based line and column). */
export interface DraftProblem {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly message: string;
  readonly hint?: string;
}

/** `POST check` `{ files }`: the draft's problems, and what it changes against the live version. */
export interface CheckResult {
  readonly ok: boolean;
  readonly problems: readonly DraftProblem[];
  readonly changes: readonly string[];
}

/** A published version, without its files (`GET versions`: newest first). */
export interface VersionInfo {
  readonly number: number;
  readonly hash: string;
  /** The account's name (or `token`) that published it. */
  readonly author: string;
  /** A version from before accounts: `author` is the name typed in the browser then, not an account's. */
  readonly authorTyped: boolean;
  readonly note: string;
  readonly changes: readonly string[];
  readonly createdAt: string;
}

/** `GET version`: one version with its files. */
export interface Version extends VersionInfo {
  readonly files: readonly ManifestFile[];
}

/**
 * `POST publish` `{ baseVersion, files, note }` and `POST rollback` `{ note? }`: 200. The version is
 * signed by the signed-in person's account (or `token`); versions from before accounts keep the name
 * typed then.
 */
export interface Published {
  readonly version: VersionInfo;
}

/** 409 of a publish: another publish happened since `baseVersion`; nothing was written. */
export interface PublishConflict {
  readonly error: string;
  readonly live: Version;
}

/** `GET status`: the live number and what each running server serves. */
export interface ManifestStatus {
  readonly live: number;
  readonly servers: readonly {
    readonly id: string;
    readonly version: number;
    readonly hash: string;
    readonly startedAt: string;
    readonly seenAt: string;
  }[];
}
