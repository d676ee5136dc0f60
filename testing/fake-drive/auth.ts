import { generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';

/** The service-account key file format Google issues (the fields our client reads). */
export interface ServiceAccountKey {
  readonly type: 'service_account';
  readonly project_id: string;
  readonly private_key_id: string;
  readonly private_key: string;
  readonly client_email: string;
  readonly client_id: string;
  readonly token_uri: string;
}

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const DRIVE_SCOPES = ['https://www.googleapis.com/auth/drive', 'https://www.googleapis.com/auth/drive.file'];
const TOKEN_TTL_S = 3600;

export class TokenError extends Error {}

/**
 * The OAuth side of the fake: service accounts it trusts (RSA keys it generated), the JWT-bearer
 * grant of Google's token endpoint, and the access tokens it issued.
 */
export class FakeAuth {
  private readonly accounts = new Map<string, KeyObject>();
  private readonly tokens = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  /** A new service account and its key file; `tokenUri` is written into the key as Google does. */
  createServiceAccount(tokenUri: string, name = 'site-reader'): ServiceAccountKey {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const email = `${name}@fake-project.iam.gserviceaccount.com`;
    this.accounts.set(email, publicKey);
    return {
      type: 'service_account',
      project_id: 'fake-project',
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: email,
      client_id: String(100000000000000000000n + BigInt(this.accounts.size)),
      token_uri: tokenUri,
    };
  }

  /** A ready access token (for clients given a token instead of a key). */
  issueToken(): string {
    const token = `ya29.fake-${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, this.now() + TOKEN_TTL_S * 1000);
    return token;
  }

  valid(token: string): boolean {
    const expires = this.tokens.get(token);
    return expires !== undefined && expires > this.now();
  }

  /** The JWT-bearer grant: checks the assertion's signature, issuer, audience, expiry and scope. */
  exchange(
    form: URLSearchParams,
    ownTokenUrl: string,
  ): { access_token: string; expires_in: number; token_type: string } {
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      throw new TokenError('unsupported_grant_type');
    }
    const [header, payload, signature] = (form.get('assertion') ?? '').split('.');
    if (!header || !payload || !signature) throw new TokenError('invalid_grant: malformed assertion');
    let claims: Record<string, unknown>;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new TokenError('invalid_grant: malformed assertion');
    }
    const key = typeof claims['iss'] === 'string' ? this.accounts.get(claims['iss']) : undefined;
    if (!key) throw new TokenError('invalid_grant: unknown issuer');
    const signed = Buffer.from(`${header}.${payload}`);
    if (!verify('RSA-SHA256', signed, key, Buffer.from(signature, 'base64url'))) {
      throw new TokenError('invalid_grant: Invalid JWT Signature.');
    }
    if (claims['aud'] !== GOOGLE_TOKEN_URL && claims['aud'] !== ownTokenUrl) {
      throw new TokenError('invalid_grant: Invalid JWT: audience');
    }
    const nowS = this.now() / 1000;
    if (typeof claims['exp'] !== 'number' || claims['exp'] < nowS) {
      throw new TokenError(
        'invalid_grant: Invalid JWT: Token must be a short-lived token and in a reasonable timeframe',
      );
    }
    const scopes = String(claims['scope'] ?? '').split(' ');
    if (!scopes.some((s) => DRIVE_SCOPES.includes(s))) throw new TokenError('invalid_scope');
    return { access_token: this.issueToken(), expires_in: TOKEN_TTL_S - 1, token_type: 'Bearer' };
  }
}
