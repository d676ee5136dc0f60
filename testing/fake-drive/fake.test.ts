import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFields, project, checkFields, FILE_LIST_SHAPE, FieldsError } from './fields.ts';
import { seedTree, type SeededTree } from './fixture.ts';
import { matches, parseQuery, QueryError } from './query.ts';
import { FakeDrive } from './server.ts';

describe('fake drive: q', () => {
  const file = {
    id: 'x',
    name: "Bob's clip.mp4",
    mimeType: 'video/mp4',
    parents: ['p1'],
    trashed: false,
    createdTime: '2026-01-01T00:00:00.000Z',
    modifiedTime: '2026-02-01T00:00:00.000Z',
    appProperties: { slot: 'hero' },
    properties: {},
  };
  it.each([
    ["'p1' in parents and trashed = false", true],
    ["'p2' in parents or mimeType = 'video/mp4'", true],
    ["not 'p1' in parents", false],
    ["mimeType != 'application/vnd.google-apps.folder' and name = 'Bob\\'s clip.mp4'", true],
    ["name contains 'CLIP' and (trashed = true or starred = false)", true],
    ["appProperties has { key='slot' and value='hero' }", true],
    ["appProperties has { key='slot' and value='other' }", false],
    ["modifiedTime > '2026-01-15T00:00:00' AND createdTime < '2026-01-02T00:00:00'", true],
  ])('%s -> %s', (q, expected) => {
    expect(matches(parseQuery(q), file)).toBe(expected);
  });
  it.each(["name = 'unterminated", "fullText contains 'x'", "'p1' in owners", 'trashed = maybe', "name = 'a' and"])(
    'refuses %s',
    (q) => {
      expect(() => parseQuery(q)).toThrow(QueryError);
    },
  );
});

describe('fake drive: fields', () => {
  it('projects nested selections and a/b paths, and refuses unknown fields', () => {
    const tree = parseFields('nextPageToken,files(id,imageMediaMetadata(width)),files/name');
    checkFields(tree, FILE_LIST_SHAPE);
    const value = {
      kind: 'k',
      nextPageToken: 't',
      files: [{ id: '1', name: 'n', size: '3', imageMediaMetadata: { width: 1, height: 2 } }],
    };
    expect(project(value, tree)).toEqual({
      nextPageToken: 't',
      files: [{ id: '1', name: 'n', imageMediaMetadata: { width: 1 } }],
    });
    expect(() => checkFields(parseFields('files(id,thumbnail)'), FILE_LIST_SHAPE)).toThrow(
      'Invalid field selection thumbnail',
    );
    expect(() => checkFields(parseFields('files(id(x))'), FILE_LIST_SHAPE)).toThrow(FieldsError);
    expect(() => parseFields('files(id')).toThrow(FieldsError);
  });
});

describe('fake drive over HTTP', () => {
  let fake: FakeDrive;
  let tree: SeededTree;
  let token: string;
  let now = 1_000_000;
  const api = (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(`${fake.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  const list = (params: Record<string, string>): Promise<Response> =>
    api(`/drive/v3/files?${new URLSearchParams(params)}`);

  beforeAll(async () => {
    fake = await FakeDrive.start({ maxPageSize: 1000, thumbnailTtlMs: 1000, now: () => now });
    tree = await seedTree(fake);
    token = fake.auth.issueToken();
  });
  afterAll(() => fake.close());

  it('answers 401 without a token it issued', async () => {
    const res = await fetch(`${fake.url}/drive/v3/files`, { headers: { authorization: 'Bearer nope' } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { status: string } }).error.status).toBe('UNAUTHENTICATED');
  });

  it('returns only the fields asked for, nextPageToken only when asked, and 400 for an unknown field', async () => {
    const q = `'${tree.folders['Gallery']}' in parents and mimeType = 'image/jpeg' and trashed = false`;
    const base = {
      q,
      supportsAllDrives: 'true',
      includeItemsFromAllDrives: 'true',
      orderBy: 'name desc',
      pageSize: '2',
    };
    const page1 = (await (await list({ ...base, fields: 'nextPageToken,files(name,size)' })).json()) as {
      nextPageToken: string;
      files: { name: string; size: string }[];
    };
    expect(page1.files.map((f) => f.name)).toEqual(['img 2.jpg', 'img 10.jpg']);
    expect(Object.keys(page1.files[0]!)).toEqual(['name', 'size']);
    const page2 = (await (
      await list({ ...base, fields: 'files(name)', pageToken: page1.nextPageToken })
    ).json()) as object;
    expect(page2).toEqual({ files: [{ name: 'img 1.jpg' }, { name: 'a.jpg' }] });
    const other = await list({ ...base, q: 'trashed = true', pageToken: page1.nextPageToken });
    expect(other.status).toBe(400);
    const bad = await list({ ...base, fields: 'files(id,bogus)' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 400, message: 'Invalid field selection bogus' } });
    expect((await list({ q: "name = 'x' or" })).status).toBe(400);
    expect((await list({ orderBy: 'size' })).status).toBe(400);
  });

  it('hides shared-drive files from files.get without supportsAllDrives', async () => {
    const id = tree.files['Gallery/a.jpg']!;
    expect((await api(`/drive/v3/files/${id}`)).status).toBe(404);
    const res = await api(`/drive/v3/files/${id}?supportsAllDrives=true&fields=id,name,driveId,parents`);
    expect(await res.json()).toEqual({ id, name: 'a.jpg', driveId: tree.driveId, parents: [tree.folders['Gallery']] });
  });

  it('serves ranges of alt=media, 416 outside the file, 403 for folders', async () => {
    const id = tree.files['Videos/clip.mp4']!;
    const media = (range: string): Promise<Response> =>
      api(`/drive/v3/files/${id}?alt=media&supportsAllDrives=true`, { headers: { range } });
    const first = await media('bytes=0-9');
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe('bytes 0-9/4096');
    expect((await first.arrayBuffer()).byteLength).toBe(10);
    expect((await media('bytes=4000-')).headers.get('content-range')).toBe('bytes 4000-4095/4096');
    expect((await media('bytes=-16')).headers.get('content-range')).toBe('bytes 4080-4095/4096');
    expect((await media('bytes=5000-5001')).status).toBe(416);
    const folder = await api(`/drive/v3/files/${tree.folders['Videos']}?alt=media&supportsAllDrives=true`);
    expect(folder.status).toBe(403);
  });

  it('makes thumbnail links that stop working when they expire', async () => {
    const id = tree.files['Videos/clip.mp4']!;
    const meta = (await (
      await api(`/drive/v3/files/${id}?supportsAllDrives=true&fields=thumbnailLink,hasThumbnail`)
    ).json()) as {
      thumbnailLink: string;
    };
    expect(meta.thumbnailLink).toMatch(new RegExp(`^${fake.url}/thumb/.+=s220$`));
    const ok = await fetch(meta.thumbnailLink.replace(/=s220$/, '=s32'));
    expect(ok.headers.get('content-type')).toBe('image/jpeg');
    expect((await ok.arrayBuffer()).byteLength).toBeGreaterThan(100);
    now += 2000;
    expect((await fetch(meta.thumbnailLink)).status).toBe(403);
    expect((await fetch(meta.thumbnailLink.replace(/\.[^.]+=s220$/, '.forged=s220'))).status).toBe(403);
  });

  it('takes multipart uploads, refuses them outside a shared drive like a service account', async () => {
    const boundary = 'b0undary';
    const body = (parents: string[]): Buffer =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\ncontent-type: application/json\r\n\r\n`),
        Buffer.from(JSON.stringify({ name: 'up.jpg', parents, appProperties: { slot: 's1' } })),
        Buffer.from(`\r\n--${boundary}\r\ncontent-type: image/jpeg\r\n\r\n`),
        Buffer.from('\r\n--not-the-boundary--\r\n'),
        Buffer.from(`\r\n--${boundary}--`),
      ]);
    const upload = (parents: string[]): Promise<Response> =>
      api('/upload/drive/v3/files?uploadType=multipart&supportsAllDrives=true&fields=id,size,appProperties,mimeType', {
        method: 'POST',
        headers: { 'content-type': `multipart/related; boundary=${boundary}` },
        body: body(parents),
      });
    const created = (await (await upload([tree.folders['Empty']!])).json()) as { id: string; size: string };
    expect(created).toMatchObject({ size: '24', mimeType: 'image/jpeg', appProperties: { slot: 's1' } });
    const myDrive = fake.state.addFolder('Mine');
    const refused = await upload([myDrive.id]);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { errors: [{ reason: 'storageQuotaExceeded' }] } });
    const found = (await (
      await list({
        q: "appProperties has { key='slot' and value='s1' }",
        fields: 'files(id)',
        supportsAllDrives: 'true',
        includeItemsFromAllDrives: 'true',
      })
    ).json()) as { files: { id: string }[] };
    expect(found.files).toEqual([{ id: created.id }]);
  });

  it('fails the next calls on demand, counts every call, and can be slowed down', async () => {
    fake.failNext('files.get', 1, 'rateLimitExceeded');
    fake.failNext('files.get', 1, 'tooManyRequests');
    const id = tree.folders['Gallery']!;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api(`/drive/v3/files/${id}?supportsAllDrives=true`)).status);
    expect(statuses).toEqual([403, 429, 200]);
    expect(fake.calls('files.get', id)).toBe(3);
    expect(fake.faults.callsOf('files.get', id).map((c) => c.status)).toEqual([403, 429, 200]);
    fake.faults.setLatency(5, 'files.get');
    expect([fake.faults.latencyOf('files.get'), fake.faults.latencyOf('files.list')]).toEqual([5, 0]);
    expect((await api(`/drive/v3/files/${id}?supportsAllDrives=true`)).status).toBe(200);
    fake.faults.setLatency(0, 'files.get');
  });

  it('can be steered over HTTP for demos (/__fake/...)', async () => {
    const id = tree.folders['Gallery']!;
    expect(
      (await fetch(`${fake.url}/__fake/fail?op=files.get&times=1&kind=backendError`, { method: 'POST' })).status,
    ).toBe(200);
    expect((await api(`/drive/v3/files/${id}?supportsAllDrives=true`)).status).toBe(500);
    const counts = (await (await fetch(`${fake.url}/__fake/calls`)).json()) as Record<string, number>;
    expect(counts['files.get']).toBe(fake.calls('files.get'));
    expect((await fetch(`${fake.url}/__fake/fail?op=nope&kind=backendError`, { method: 'POST' })).status).toBe(400);
  });

  it('exchanges only JWTs signed by a service account it knows', async () => {
    const form = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: 'a.b.c' });
    const res = await fetch(fake.tokenUrl, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
    const forged = Buffer.from(JSON.stringify({ iss: fake.serviceAccountKey().client_email })).toString('base64url');
    const signed = await fetch(fake.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(form), assertion: `e30.${forged}.c2ln` }),
    });
    expect(await signed.json()).toMatchObject({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
  });
});
