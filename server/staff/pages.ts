import { join } from 'node:path';
import { Router, type Response } from 'express';
import {
  instructionsOf,
  isStaffKind,
  isStaffTool,
  kindOf,
  type Catalogue,
  type Page,
  type StaffData,
} from '../../engine/index.ts';
import {
  STAFF_ENTRY,
  type ImageManagerPayload,
  type StaffPayload,
  type StorageRoot,
} from '../../engine/shared/staff.ts';
import type { Permission } from '../../engine/shared/roles.ts';
import type { Logger } from '../log.ts';
import { readClientManifest } from '../render/assets.ts';
import type { StaffAuth } from './auth.ts';
import type { FolderMarks } from './folders.ts';
import { staffDocumentHtml, type StaffFrame } from './html.ts';
import { STAFF_REFERRER_POLICY } from './origin.ts';
import { sendErrorText } from '../errors.ts';
import { REQUESTS_PATH } from '../consultations/admin-html.ts';
import { consultationSettings } from '../consultations/settings.ts';
import { CACHE } from '../middleware/cache-control.ts';

type ViteManifest = NonNullable<ReturnType<typeof readClientManifest>>;

/** The staff entry's script and every stylesheet it pulls in (pure, over Vite's manifest). */
export function staffAssets(manifest: ViteManifest): { entry: string; css: string[] } | null {
  const entry = manifest[STAFF_ENTRY];
  if (!entry) return null;
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
    for (const c of chunk.css ?? []) if (!css.includes(`/${c}`)) css.push(`/${c}`);
  };
  visit(STAFF_ENTRY);
  return { entry: `/${entry.file}`, css };
}

/** The manifest's slot groups in order, each with its slots (a group no slot uses is left out). */
export function slotGroups(catalogue: Catalogue): ImageManagerPayload['groups'] {
  const names = [...catalogue.slotGroups, ...catalogue.slots.map((s) => s.group)];
  return [...new Set(names)]
    .map((name) => ({
      name,
      slots: catalogue.slots
        .filter((s) => s.group === name)
        .map(({ id, label, fallback }) => ({ id, label, fallback })),
    }))
    .filter((g) => g.slots.length > 0);
}

export interface StaffPagesOptions {
  readonly auth: StaffAuth;
  readonly catalogue: Catalogue;
  readonly marks: FolderMarks;
  /** The manifest's folders the media store has now (folder setup counts them as created, as health does). */
  readonly existingFolders: () => Promise<readonly string[]>;
  readonly root: StorageRoot;
  /** The build output (`dist`); default `<cwd>/dist`. */
  readonly distDir?: string;
  readonly logger?: Logger;
}

/** The permission a staff tool's page needs: its kind's (a tool kind without one is for owners only). */
export const toolPermission = (page: Page): Permission => kindOf(page.kind).permission ?? 'owners';

/** The staff pages' frame in `catalogue`: its tools' pages, and the consultation requests' list when it takes requests. */
export function staffFrame(catalogue: Catalogue): StaffFrame {
  const signIn = catalogue.pages.find((p) => isStaffKind(p.kind) && !isStaffTool(p.kind));
  const requests = consultationSettings(catalogue);
  const tools = [
    ...catalogue.pages
      .filter((p) => isStaffTool(p.kind))
      .map((p) => ({ path: p.path, label: p.heading, permission: toolPermission(p) })),
    // The consultation requests' list is a server page, not a tool of the staff app: linked all the same.
    ...(requests
      ? [{ path: REQUESTS_PATH, label: requests.texts['staffHeading'] ?? '', permission: 'requests' as const }]
      : []),
  ];
  return { siteName: catalogue.site.name, tools, signOutLabel: signIn?.texts['signOut'] ?? '' };
}

/** `GET <path>` of each staff tool's page for signed-in staff; others are sent to sign in. */
export function staffPagesRouter(options: StaffPagesOptions): Router {
  const { auth, catalogue, marks, root } = options;
  const distDir = options.distDir ?? join(process.cwd(), 'dist');
  const base = (page: Page, frame: StaffFrame) => ({
    path: page.path,
    heading: page.heading,
    title: page.meta.title || page.heading,
    texts: page.texts,
    ui: catalogue.ui,
    ...frame,
  });
  const send = (res: Response, payload: StaffPayload): void => {
    const manifest = readClientManifest(distDir);
    const assets = manifest ? staffAssets(manifest) : null;
    if (!assets) {
      options.logger?.error('The staff tools are not built: run `npm run build`.');
      sendErrorText(res, 'SiteNotBuilt');
      return;
    }
    res.setHeader('Referrer-Policy', STAFF_REFERRER_POLICY);
    res.status(200).type('html').setHeader('Cache-Control', CACHE.none).send(staffDocumentHtml(payload, assets));
  };

  /**
   * The folder marks, with every folder the store has marked first: on its first load the checklist
   * counts what exists as created, as folder health does. A store that cannot answer leaves the marks.
   */
  const marksWithStore = async () => {
    const existing = await options.existingFolders().catch((err: unknown) => {
      options.logger?.warn({ err }, 'folder setup: the media store could not list the folders; marks only');
      return [];
    });
    return existing.length > 0 ? marks.update([...existing]) : marks.read();
  };

  /** What the server adds to a tool's payload, by the `data` the kinds table names for its kind. */
  const dataOf: { readonly [D in StaffData]: (page: Page) => Promise<Partial<StaffPayload>> } = {
    'slot-groups': async () => ({ groups: slotGroups(catalogue) }),
    'folder-checklist': async (page) => ({
      folders: catalogue.folders.map(({ path, name, depth }) => ({ path, name, depth })),
      root,
      // Its steps: the section of its page the sections table marks as a tool's instructions (a list).
      instructions: instructionsOf(page),
      state: await marksWithStore(),
    }),
  };
  const payloadOf = async (page: Page, frame: StaffFrame): Promise<StaffPayload> => {
    const data = kindOf(page.kind).data;
    // The kinds table pairs each tool's kind with its data, so the parts make the kind's payload.
    return { kind: page.kind, ...base(page, frame), ...(data ? await dataOf[data](page) : {}) } as StaffPayload;
  };

  const router = Router();
  for (const page of catalogue.pages.filter((p) => isStaffTool(p.kind)))
    router.get(page.path, auth.page(toolPermission(page)), async (req, res) =>
      send(res, await payloadOf(page, await auth.frameOf(req))),
    );
  return router;
}
