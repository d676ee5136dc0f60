import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STAFF_DATA_ID } from '../../engine/shared/staff.ts';
import { standInDist } from '../../testing/error-site.ts';
import { signInAs, startStaffServer, testCatalogue } from '../../testing/staff-harness.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('folder setup, local store', () => {
  it('scan, mark done, create missing; marks survive a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'staff-folders-'));
    dirs.push(dataDir);
    const paths = testCatalogue().folders.map((f) => f.path);
    await mkdir(join(dataDir, 'media', 'Screens', 'Motorized Screens'), { recursive: true });

    let srv = await startStaffServer({ dataDir });
    let cookie = await signInAs(srv, 'editor');
    const call = (path: string, body?: unknown) =>
      fetch(`${srv.base}${path}`, {
        method: body === null ? 'GET' : 'POST',
        headers: { cookie, origin: srv.base, 'content-type': 'application/json' },
        ...(body === undefined || body === null ? {} : { body: JSON.stringify(body) }),
      });

    expect(await (await call('/api/folder-setup', null)).json()).toEqual({ done: [] });
    const scan = (await (await call('/api/scan-drive-folders')).json()) as { foundFolders: string[] };
    expect(scan.foundFolders).toEqual(['Screens', 'Screens/Motorized Screens']);

    const marked = (await (await call('/api/folder-setup/mark', { path: 'Aluminum Pergolas' })).json()) as {
      done: string[];
    };
    expect(marked.done).toEqual(['Screens', 'Screens/Motorized Screens', 'Aluminum Pergolas']);
    expect((await call('/api/folder-setup/mark', { path: '../etc' })).status).toBe(400);

    // A new instance on the same data directory has the same marks.
    await srv.close();
    srv = await startStaffServer({ dataDir });
    cookie = await signInAs(srv, 'editor');
    expect(((await (await call('/api/folder-setup', null)).json()) as { done: string[] }).done).toHaveLength(3);

    const created = (await (await call('/api/create-missing-folders')).json()) as { done: string[]; created: string[] };
    expect(created.done).toEqual(paths);
    expect(created.created).toHaveLength(paths.length - 2);
    for (const p of paths) expect(existsSync(join(dataDir, 'media', ...p.split('/')))).toBe(true);
    // The site sees the new folders at once (folder ids were forgotten).
    const products = (await (await fetch(`${srv.base}/api/products`)).json()) as { driveFolderId?: string }[];
    expect(products.filter((p) => p.driveFolderId).length).toBeGreaterThan(0);
    await srv.close();
  });

  it('on its first load counts the folders the store has as created, as folder health does', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'staff-folders-'));
    dirs.push(dataDir);
    await mkdir(join(dataDir, 'media', 'Screens', 'Motorized Screens'), { recursive: true });
    const srv = await startStaffServer({ dataDir, distDir: await standInDist(dataDir) });
    try {
      const cookie = await signInAs(srv, 'editor');
      const page = await (await fetch(`${srv.base}/folder-setup`, { headers: { cookie } })).text();
      const json = new RegExp(`<script type="application/json" id="${STAFF_DATA_ID}">(.*?)</script>`, 's').exec(
        page,
      )?.[1];
      const payload = JSON.parse(json ?? 'null') as { state: { done: string[] } };
      expect(payload.state.done).toEqual(['Screens', 'Screens/Motorized Screens']);
    } finally {
      await srv.close();
    }
  });
});
