import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ROLE_NAMES, type Role } from '../../engine/shared/roles.ts';
import { STAFF_API } from '../../engine/shared/staff.ts';
import { SQLITE_FILE } from '../../server/db/database.ts';
import { ensurePerson, personOf } from '../../testing/staff-harness.ts';
import type { TextKey } from '../../engine/index.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { writeDefaults } from '../../server/imaging/slot-defaults.ts';
import { loadConfig } from '../../server/config.ts';
import { FakeDrive } from '../../testing/fake-drive/index.ts';
import { seedFolderPaths } from '../../testing/fake-drive/fixture.ts';
import { createLogger } from '../../server/log.ts';
import { startServer } from '../../server/main.ts';

/**
 * The staff scenarios change stored state (slot images, folders, marks), so each spec file runs its
 * own real server on a fresh data directory instead of the shared e2e server. The site must be built
 * (the shared e2e server's start does that).
 */

// The setup password: the harness makes every role's account itself, so it never needs it.
const STAFF_PASSWORD = 'e2e staff password';

export interface StaffSite {
  readonly url: string;
  readonly dataDir: string;
  /** Drive mode: the fake Drive and the root folder's id. */
  readonly drive?: { readonly fake: FakeDrive; readonly rootId: string };
  stop(): Promise<void>;
}

export async function startStaffSite(
  options: {
    drive?: boolean;
    /** Drive mode: every manifest folder exists on the fake, these with three photos each. */
    filled?: readonly string[];
    prepare?: (dataDir: string) => Promise<void>;
    /** More of the server's environment (`SMTP_URL`, `CONSULTATION_RATE_LIMIT`, ...). */
    env?: NodeJS.ProcessEnv;
  } = {},
) {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid: run `npm run check`.');
  const dataDir = mkdtempSync(join(tmpdir(), 'staff-e2e-'));
  await writeDefaults(dataDir, built.catalogue);
  await options.prepare?.(dataDir);

  let drive: StaffSite['drive'];
  // The specs name their visitors' addresses in X-Forwarded-For, as a proxy on this machine would.
  const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'loopback' };
  if (options.drive) {
    const fake = await FakeDrive.start({ serviceAccountQuota: true });
    const rootId = options.filled
      ? await seedFolderPaths(
          fake,
          built.catalogue.folders.map((f) => f.path),
          { filled: options.filled },
        )
      : fake.state.addFolder('Site Media', fake.state.addSharedDrive('Company Media')).id;
    drive = { fake, rootId };
    Object.assign(env, {
      MEDIA_STORE: 'drive',
      DRIVE_ROOT_FOLDER_ID: rootId,
      DRIVE_API_ROOT_URL: fake.rootUrl,
      DRIVE_TOKEN_URL: fake.tokenUrl,
      GOOGLE_CREDENTIALS_JSON: JSON.stringify(fake.serviceAccountKey()),
    });
  }
  const config = { ...loadConfig(env), logLevel: 'warn' };
  const running = await startServer(config, createLogger('warn'), { ...options.env, STAFF_PASSWORD });
  // One person of each role, whose e-mail and password the specs know (personOf).
  for (const role of ROLE_NAMES) await ensurePerson({ file: join(dataDir, SQLITE_FILE) }, role);
  return {
    url: running.url.replace('localhost', '127.0.0.1'),
    dataDir,
    drive,
    async stop() {
      await running.close();
      await drive?.fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  } satisfies StaffSite;
}

/** A page of the manifest by kind (its heading and texts drive the assertions). */
export function pageOfKind(kind: string) {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid: run `npm run check`.');
  const found = built.catalogue.pages.find((p) => p.kind === kind);
  if (!found) throw new Error(`No page of kind ${kind}.`);
  return { page: found, catalogue: built.catalogue, t: (key: TextKey) => found.texts[key] ?? `<no text ${key}>` };
}

/** Fills the sign-in form as the harness's person of `role` and sends it. */
export async function fillSignIn(page: Page, role: Role): Promise<void> {
  const { t } = pageOfKind('sign-in');
  const { email, password } = personOf(role);
  await page.getByLabel(t('emailLabel')).fill(email);
  await page.getByLabel(t('password')).fill(password);
  await page.getByRole('button', { name: t('submit') }).click();
}

/**
 * Goes to a staff tool's page, is sent to sign in, signs in with the form as the person of `role`
 * and lands back on the page.
 */
export async function signInTo(page: Page, url: string, role: Role = 'editor'): Promise<void> {
  await page.goto(url);
  await page.waitForURL(/\/sign-in\?next=/);
  await fillSignIn(page, role);
  await page.waitForURL(url);
  await page.locator('#staff-root[data-ready]').waitFor();
}

/** Signs in over HTTP as the person of `role` (a request context's cookies keep the session). */
export async function signInRequest(request: APIRequestContext, url: string, role: Role): Promise<void> {
  const res = await request.post(`${url}${STAFF_API.signIn}`, { headers: { origin: url }, data: personOf(role) });
  if (res.status() !== 204) throw new Error(`sign-in answered ${res.status()}`);
}
