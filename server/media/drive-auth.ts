import { readFile } from 'node:fs/promises';
import { auth } from 'googleapis/build/src/apis/drive/index.js';
import { ConfigError } from '../config.ts';

/** Google's token endpoint; the JWT client posts here whatever the key file says. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive';

export interface DriveCredentials {
  /** Path of a service-account key file (GOOGLE_APPLICATION_CREDENTIALS). */
  readonly credentialsFile?: string;
  /** The key file's JSON text, for hosts that pass secrets as variables. */
  readonly credentialsJson?: string;
  /** OAuth token endpoint; default: the key's `token_uri`, else Google's. */
  readonly tokenUrl?: string;
  /** A ready access token instead of a key (no token exchange at all). */
  readonly accessToken?: string;
}

interface ServiceAccountKey {
  readonly client_email: string;
  readonly private_key: string;
  readonly private_key_id?: string;
  readonly token_uri?: string;
}

export type DriveAuthClient = InstanceType<typeof auth.JWT> | InstanceType<typeof auth.OAuth2>;

function parseKey(text: string, source: string): ServiceAccountKey {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigError(`${source} is not JSON. Use the service-account key file downloaded from Google Cloud.`);
  }
  const key = value as Partial<ServiceAccountKey> & { type?: string };
  if (key.type !== 'service_account' || typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
    throw new ConfigError(
      `${source} is not a service-account key (it needs "type": "service_account", "client_email" and "private_key").`,
    );
  }
  return key as ServiceAccountKey;
}

async function loadKey(c: DriveCredentials): Promise<ServiceAccountKey> {
  if (c.credentialsJson) return parseKey(c.credentialsJson, 'GOOGLE_CREDENTIALS_JSON');
  if (c.credentialsFile) {
    const text = await readFile(c.credentialsFile, 'utf8').catch(() => {
      throw new ConfigError(`GOOGLE_APPLICATION_CREDENTIALS points at '${c.credentialsFile}', which cannot be read.`);
    });
    return parseKey(text, `The key file '${c.credentialsFile}'`);
  }
  throw new ConfigError(
    'Drive mode needs service-account credentials: set GOOGLE_APPLICATION_CREDENTIALS to the key file, or GOOGLE_CREDENTIALS_JSON to its contents.',
  );
}

/**
 * The auth client of the Drive adapter. A service account signs a JWT and trades it for an access
 * token. google-auth-library always posts that JWT to Google's token URL (it ignores `token_uri`),
 * so when another endpoint is configured (a fake Drive, a proxy) the token request is redirected
 * there by a request interceptor on the client's own transporter, which also turns off the
 * transporter's own retries of it (the adapter's breaker and backoff decide).
 */
export async function createDriveAuth(c: DriveCredentials): Promise<DriveAuthClient> {
  if (c.accessToken) {
    const client = new auth.OAuth2();
    client.setCredentials({ access_token: c.accessToken });
    return client;
  }
  const key = await loadKey(c);
  const client = new auth.JWT({
    email: key.client_email,
    key: key.private_key,
    ...(key.private_key_id ? { keyId: key.private_key_id } : {}),
    scopes: [DRIVE_SCOPE],
  });
  const tokenUrl = c.tokenUrl ?? key.token_uri ?? GOOGLE_TOKEN_URL;
  client.transporter.interceptors.request.add({
    resolved: async (options) => {
      if (String(options.url) !== GOOGLE_TOKEN_URL) return options;
      // One request per try: the adapter's breaker decides when the token endpoint is asked again.
      options.retry = false;
      options.retryConfig = { ...options.retryConfig, retry: 0 };
      if (tokenUrl !== GOOGLE_TOKEN_URL) options.url = new URL(tokenUrl);
      return options;
    },
  });
  return client;
}
