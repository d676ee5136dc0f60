import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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

  it('samples Web Vitals as WEB_VITALS_SAMPLE_RATE says; by default all page views where METRICS_PORT counts them', () => {
    expect(loadConfig({}).webVitalsSampleRate).toBe(0);
    expect(loadConfig({ METRICS_PORT: '9464' }).webVitalsSampleRate).toBe(1);
    expect(loadConfig({ METRICS_PORT: '9464', WEB_VITALS_SAMPLE_RATE: '0.1' }).webVitalsSampleRate).toBe(0.1);
    expect(loadConfig({ WEB_VITALS_SAMPLE_RATE: '0' }).webVitalsSampleRate).toBe(0);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT/],
    [{ MEDIA_STORE: 'ftp' }, /MEDIA_STORE must be 'local' or 'drive'/],
    [{ DRIVE_API_ROOT_URL: 'not a url' }, /DRIVE_API_ROOT_URL must be an absolute URL/],
    [{ WEB_VITALS_SAMPLE_RATE: '1.5' }, /WEB_VITALS_SAMPLE_RATE must be a share from 0 to 1/],
    [{ WEB_VITALS_SAMPLE_RATE: '10%' }, /WEB_VITALS_SAMPLE_RATE/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
