import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { StoreError } from './media/types.ts';
import { errorResponse, MESSAGES } from './middleware/errors.ts';
import { invalidIdMessage } from './middleware/validate-id.ts';
import { parseSlotMap } from './slots.ts';
import { negotiateFormat } from './thumbs.ts';
import { fileCsp, SANDBOX_CSP } from './media-routes/files.ts';

describe('loadConfig', () => {
  it('has defaults', () => {
    const c = loadConfig({}, '/srv/site');
    expect(c).toMatchObject({ port: 3000, mediaStore: 'local', dataDir: '/srv/site/data', logLevel: 'info' });
    expect(c.drive).toEqual({});
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        PORT: '8080',
        MEDIA_STORE: 'Drive',
        DATA_DIR: '/var/data',
        GOOGLE_APPLICATION_CREDENTIALS: '/k.json',
        GOOGLE_CREDENTIALS_JSON: '{"a":1}',
        DRIVE_ROOT_FOLDER_ID: 'root123',
        DRIVE_API_ROOT_URL: 'http://127.0.0.1:9999/',
        DRIVE_TOKEN_URL: 'http://127.0.0.1:9999/token',
      },
      '/x',
    );
    expect(c).toMatchObject({ port: 8080, mediaStore: 'drive', dataDir: '/var/data' });
    expect(c.drive).toEqual({
      credentialsFile: '/k.json',
      credentialsJson: '{"a":1}',
      rootFolderId: 'root123',
      apiRootUrl: 'http://127.0.0.1:9999/',
      tokenUrl: 'http://127.0.0.1:9999/token',
    });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT/],
    [{ MEDIA_STORE: 'ftp' }, /MEDIA_STORE must be 'local' or 'drive'/],
    [{ DRIVE_API_ROOT_URL: 'not a url' }, /DRIVE_API_ROOT_URL must be an absolute URL/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('errorResponse', () => {
  it.each([
    [new StoreError('not-found', 'No folder with id x.'), 404, 'No folder with id x.'],
    [new StoreError('invalid', 'Bad path.'), 400, 'Bad path.'],
    [new StoreError('upstream', 'socket hang up at 10.0.0.1'), 502, MESSAGES.upstream],
    [new StoreError('quota', 'rateLimitExceeded'), 502, MESSAGES.quota],
    [new StoreError('quota', 'Move the folder to a Shared Drive.', 507), 507, 'Move the folder to a Shared Drive.'],
    [
      Object.assign(new Error('request entity too large'), { status: 413, expose: true }),
      413,
      'request entity too large',
    ],
    [Object.assign(new Error('secret detail'), { status: 400, expose: false }), 400, 'Bad request.'],
    [new TypeError("Cannot read properties of undefined (reading 'x')"), 500, MESSAGES.internal],
  ])('%s -> %i', (error, status, message) => {
    expect(errorResponse(error)).toEqual({ status, body: { error: message } });
  });
});

describe('small helpers', () => {
  it.each(['image/jpeg', 'image/PNG', 'image/webp', 'video/mp4', 'video/quicktime', 'audio/mpeg'])(
    'serves %s, which runs no script, under the site policy',
    (type) => expect(fileCsp(type)).toBeUndefined(),
  );

  it.each(['image/svg+xml', 'text/html', 'application/xhtml+xml', 'application/pdf', 'application/octet-stream', ''])(
    'sandboxes %j, which could carry script',
    (type) => expect(fileCsp(type)).toBe(SANDBOX_CSP),
  );

  it('validates public ids', () => {
    expect(invalidIdMessage('folderId', 'abc_DEF-123')).toBeNull();
    for (const bad of ['', '../x', 'a/b', 'a.b', 'a'.repeat(129), 'é', undefined]) {
      expect(invalidIdMessage('folderId', bad)).toMatch(/Invalid folderId/);
    }
  });

  it.each([
    ['image/avif,image/webp,image/apng,*/*;q=0.8', 'webp'],
    ['image/avif,*/*', 'avif'],
    ['image/webp;q=0, image/avif', 'avif'],
    ['text/html', 'jpeg'],
    [undefined, 'jpeg'],
  ])('negotiates %j -> %s', (accept, format) => {
    expect(negotiateFormat(accept)).toBe(format);
  });

  it('keeps only well-formed slot entries', () => {
    const map = parseSlotMap(
      JSON.stringify({
        'homepage-hero': { imageUrl: '/media/slots/abc.jpg' },
        'screens-hero': { imageUrl: '/x.jpg', url: '/y.jpg' },
        bad1: { imageUrl: 'javascript:alert(1)' },
        bad2: { imageUrl: '//evil.example/x.jpg' },
        bad3: 'nope',
      }),
    );
    expect(map).toEqual({
      'homepage-hero': { imageUrl: '/media/slots/abc.jpg', url: '/media/slots/abc.jpg' },
      'screens-hero': { imageUrl: '/x.jpg', url: '/y.jpg' },
    });
    expect(parseSlotMap('[]')).toEqual({});
  });
});
