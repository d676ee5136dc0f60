/**
 * What the server hands the staff pages, and the staff API's paths and limits. Pure types and
 * constants, shared by `server/staff` and the staff browser bundle (never by the visitor bundle).
 */

import type { Texts, UiTexts } from '../texts.ts';
import { DATA_KEYS } from './keys.ts';

/** The staff client entry, relative to the repository root (its key in Vite's manifest). */
export const STAFF_ENTRY = 'site/staff/entry.tsx';
/** Where the staff page's data sits in the HTML (`<script type="application/json">`). */
export const STAFF_DATA_ID = 'staff-data';
export const STAFF_ROOT_ID = 'staff-root';

export const STAFF_API = {
  slotImages: DATA_KEYS.slotImages.path,
  upload: '/api/upload-preview-image',
  folderSetup: '/api/folder-setup',
  mark: '/api/folder-setup/mark',
  scan: '/api/scan-drive-folders',
  createMissing: '/api/create-missing-folders',
  health: '/api/folder-health',
  signIn: '/api/staff/sign-in',
  setup: '/api/staff/setup',
  signOutEverywhere: '/api/staff/sign-out-everywhere',
  people: '/api/staff/people',
  person: '/api/staff/people/update',
  signOut: '/api/staff/sign-out',
} as const;

/** The upload limit of the spec: 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The size shown in the too-large message ({n}MB): one decimal. */
export const megabytes = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

/** The parts every staff page shares. */
interface StaffPageBase {
  readonly path: string;
  readonly heading: string;
  readonly title: string;
  readonly siteName: string;
  /** The page's texts from the manifest (`page.texts`). */
  readonly texts: Texts;
  /** The signed-in person's name, shown beside sign-out. */
  readonly personName?: string;
  /** Label of the sign-out button (the sign-in page's `signOut` text). */
  readonly signOutLabel: string;
  /** The shared UI texts of the site (`close`, ...). */
  readonly ui: UiTexts;
  /** The staff tools, for the navigation between them (label = the page's heading). */
  readonly tools: readonly { readonly path: string; readonly label: string }[];
}

export interface StaffSlot {
  readonly id: string;
  readonly label: string;
  /** The built-in image used while the slot has no upload. */
  readonly fallback: string;
}

export interface ImageManagerPayload extends StaffPageBase {
  readonly kind: 'image-manager';
  /** The manifest's slot groups in order, each with its slots. */
  readonly groups: readonly { readonly name: string; readonly slots: readonly StaffSlot[] }[];
}

export interface StaffFolder {
  readonly path: string;
  readonly name: string;
  readonly depth: number;
}

/** Where the storage folders live: a Drive folder staff can open, or a directory on the server. */
export type StorageRoot =
  { readonly kind: 'drive'; readonly url: string } | { readonly kind: 'local'; readonly path: string };

/** `GET /api/folder-setup` and the answer of every folder action: the paths marked done. */
export interface FolderSetupState {
  readonly done: readonly string[];
}

/** `POST /api/create-missing-folders`. */
export interface CreateFoldersResult extends FolderSetupState {
  readonly created: readonly string[];
}

export interface FolderSetupPayload extends StaffPageBase {
  readonly kind: 'folder-setup';
  /** The checklist: every folder path of the manifest, tree order. */
  readonly folders: readonly StaffFolder[];
  readonly root: StorageRoot;
  readonly instructions: { readonly heading: string; readonly items: readonly string[] } | null;
  readonly state: FolderSetupState;
}

/** The folder health page: the report itself is fetched (`STAFF_API.health`), so the page shows at once. */
export interface FolderHealthPayload extends StaffPageBase {
  readonly kind: 'folder-health';
}

/** The manifest editor: the manifest, its versions and the servers' status are fetched (site/staff/manifest/api.ts). */
export interface ManifestEditorPayload extends StaffPageBase {
  readonly kind: 'manifest-editor';
}

/** The translations page: the status is fetched (engine/shared/translations.ts), so it is the live version's. */
export interface TranslationsPayload extends StaffPageBase {
  readonly kind: 'translation-status';
}

export type StaffPayload =
  ImageManagerPayload | FolderSetupPayload | FolderHealthPayload | ManifestEditorPayload | TranslationsPayload;
