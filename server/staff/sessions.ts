import { createHash, randomBytes } from 'node:crypto';
import { stamp, type Database } from '../db/database.ts';
import type { Accounts, Person } from './accounts.ts';

/** A session ends after 2 hours without a request, and 12 hours after sign-in whatever happens. */
export const IDLE_MS = 2 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000;
// `seen_at` is written at most this often, not on every request (one write a minute per person).
const SEEN_EVERY_MS = 60 * 1000;

const hashOf = (id: string): string => createHash('sha256').update(id).digest('hex');

/** What a request's cookie resolves to: the person and their session. */
export interface SignedIn {
  readonly person: Person;
  readonly idHash: string;
}

/**
 * Staff sessions kept in the site database: the cookie holds a random id (256 bits), the database
 * its SHA-256, so a copy of the database opens no session. Every request looks its session up, so
 * a session ended on one server is ended on all.
 */
export class Sessions {
  constructor(
    readonly database: Database,
    private readonly accounts: Accounts,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Starts a session for `person`; returns the id for the cookie. */
  async start(person: Person, address: string, userAgent: string): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const now = stamp(this.clock());
    await this.database.db
      .insertInto('sessions')
      .values({
        id_hash: hashOf(id),
        account_id: person.id,
        created_at: now,
        seen_at: now,
        address,
        user_agent: userAgent.slice(0, 300),
      })
      .execute();
    return id;
  }

  /** The active person of a live session, or undefined (an ended, expired or suspended person's). */
  async find(id: string | undefined): Promise<SignedIn | undefined> {
    if (!id || !/^[\w-]{43}$/.test(id)) return undefined;
    const idHash = hashOf(id);
    const { db } = this.database;
    const row = await db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
    if (!row) return undefined;
    const now = this.clock();
    const seen = Date.parse(row.seen_at);
    if (now - seen > IDLE_MS || now - Date.parse(row.created_at) > ABSOLUTE_MS) {
      await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
      return undefined;
    }
    const person = await this.accounts.byId(row.account_id);
    if (!person || person.status !== 'active') return undefined;
    if (now - seen > SEEN_EVERY_MS)
      await db
        .updateTable('sessions')
        .set({ seen_at: stamp(now) })
        .where('id_hash', '=', idHash)
        .execute();
    return { person, idHash };
  }

  /** Ends one session (sign-out). */
  async end(idHash: string): Promise<void> {
    await this.database.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  }

  /** How many sessions a person has open. */
  async count(accountId: string): Promise<number> {
    const rows = await this.database.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('account_id', '=', accountId)
      .execute();
    return rows.length;
  }
}
