import { randomUUID } from 'node:crypto';
import type { Role } from '../../engine/shared/roles.ts';
import { isRole } from '../../engine/shared/roles.ts';
import type { Kysely } from 'kysely';
import { stamp, type Database, type Tables } from '../db/database.ts';
import { hashPassword, passwordMatches } from './passwords.ts';

/** A staff member as the server sees them (never their password hash). */
export interface Person {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  readonly status: 'active' | 'suspended';
}

type Row = Tables['accounts'];

const personOf = (row: Row): Person => ({
  id: row.id,
  email: row.email,
  name: row.name,
  // An unknown role (a database edited by hand) gets the least: office.
  role: isRole(row.role) ? row.role : 'office',
  status: row.status,
});

/** E-mail addresses compare without case and surrounding spaces. */
export const normalEmail = (email: string): string => email.trim().toLowerCase();

/** The people in the site database. Changes that end sessions do so here, in the same transaction. */
export class Accounts {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async list(): Promise<Person[]> {
    const rows = await this.db.selectFrom('accounts').selectAll().orderBy('email').execute();
    return rows.map(personOf);
  }

  async byEmail(email: string): Promise<Person | undefined> {
    const row = await this.db
      .selectFrom('accounts')
      .selectAll()
      .where('email', '=', normalEmail(email))
      .executeTakeFirst();
    return row && personOf(row);
  }

  async byId(id: string): Promise<Person | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row && personOf(row);
  }

  /** The active person whose e-mail and password these are (the check takes as long for an unknown e-mail). */
  async checkPassword(email: string, password: string): Promise<Person | undefined> {
    const row = await this.db
      .selectFrom('accounts')
      .selectAll()
      .where('email', '=', normalEmail(email.slice(0, 254)))
      .executeTakeFirst();
    const ok = await passwordMatches(row?.password_hash, password);
    return ok && row && row.status === 'active' ? personOf(row) : undefined;
  }

  /** Whether anyone has an account (until someone does, the setup password creates the first owner). */
  async hasAnyone(): Promise<boolean> {
    return (await this.db.selectFrom('accounts').select('id').executeTakeFirst()) !== undefined;
  }

  /** Adds a person (and `audit`'s row, in the same transaction); undefined when the e-mail is taken. */
  async create(
    input: { email: string; name: string; role: Role; password?: string },
    audit?: (trx: Kysely<Tables>) => Promise<void>,
  ): Promise<Person | undefined> {
    const row: Row = {
      id: randomUUID(),
      email: normalEmail(input.email),
      name: input.name.trim(),
      role: input.role,
      status: 'active',
      password_hash: input.password === undefined ? null : await hashPassword(input.password),
      created_at: stamp(),
    };
    const inserted = await this.db.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto('accounts')
        .values(row)
        .onConflict((c) => c.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (added) await audit?.(trx);
      return added;
    });
    return inserted ? personOf(row) : undefined;
  }

  /**
   * Changes a person's role, status or password (nothing: only ends their sessions); every session
   * of theirs ends with it, and `audit`'s row is written in the same transaction.
   */
  async update(
    id: string,
    change: { role?: Role; status?: Person['status']; password?: string },
    audit: (trx: Kysely<Tables>) => Promise<void>,
  ): Promise<void> {
    const { password, ...rest } = change;
    const values = { ...rest, ...(password === undefined ? {} : { password_hash: await hashPassword(password) }) };
    await this.db.transaction().execute(async (trx) => {
      if (Object.keys(values).length > 0) await trx.updateTable('accounts').set(values).where('id', '=', id).execute();
      await trx.deleteFrom('sessions').where('account_id', '=', id).execute();
      await audit(trx);
    });
  }

  /** How many active owners there are (the last one cannot be suspended or demoted). */
  async activeOwners(): Promise<number> {
    const rows = await this.db
      .selectFrom('accounts')
      .select('id')
      .where('role', '=', 'owner')
      .where('status', '=', 'active')
      .execute();
    return rows.length;
  }
}
