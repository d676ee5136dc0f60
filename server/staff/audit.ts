import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import type { Kysely } from 'kysely';
import { stamp, type Tables } from '../db/database.ts';
import type { Person } from './accounts.ts';

/** Who did something, and from where: a signed-in person, or the command line. */
export interface Actor {
  readonly accountId: string | null;
  /** `Name <e-mail>`, or `command line (<OS user>)`. */
  readonly name: string;
  readonly address: string;
  readonly userAgent: string;
}

export const personActor = (person: Person, address: string, userAgent: string): Actor => ({
  accountId: person.id,
  name: `${person.name} <${person.email}>`,
  address,
  userAgent: userAgent.slice(0, 300),
});

/** The operator running a command on the server. */
export function commandActor(): Actor {
  const user = (() => {
    try {
      return userInfo().username;
    } catch {
      return process.env['USER'] ?? 'unknown';
    }
  })();
  return { accountId: null, name: `command line (${user})`, address: 'local', userAgent: 'npm run staff' };
}

/** One audit row: `action` (e.g. `request.status`) done to `object` (e.g. the request's id). */
export interface AuditEntry {
  readonly action: string;
  readonly object: string;
}

/**
 * Appends one row to the audit trail. Pass the transaction of the change it records, so that the
 * change and its row are written together or not at all. Nothing updates or deletes these rows.
 */
export async function writeAudit(db: Kysely<Tables>, actor: Actor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit')
    .values({
      id: randomUUID(),
      at: stamp(),
      account_id: actor.accountId,
      actor: actor.name,
      action: entry.action,
      object: entry.object.slice(0, 1000),
      address: actor.address,
      user_agent: actor.userAgent,
    })
    .execute();
}
