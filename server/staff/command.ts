import { randomBytes } from 'node:crypto';
import { isRole, ROLE_NAMES } from '../../engine/shared/roles.ts';
import type { Database } from '../db/database.ts';
import { Accounts, type Person } from './accounts.ts';
import { commandActor, writeAudit } from './audit.ts';
import { changePerson, changeRefused, type PersonChange } from './people.ts';
import { Sessions } from './sessions.ts';

/** What a command says: lines for its output, and its exit code. */
export interface CommandResult {
  readonly out: readonly string[];
  readonly code: number;
}

export const STAFF_USAGE = [
  'npm run staff -- create-owner <email> [name]   make (or restore) an owner; prints a new password once',
  'npm run staff -- list                          everyone, with role and status',
  'npm run staff -- suspend <email>               suspend a person; their sessions end',
  'npm run staff -- end-sessions <email>          end every session of a person',
  `npm run staff -- set-role <email> <role>       change a role (${ROLE_NAMES.join(', ')}); their sessions end`,
].join('\n');

const fail = (line: string): CommandResult => ({ out: [line], code: 1 });
const row = (p: Person): string => `${p.email}\t${p.role}\t${p.status}\t${p.name}`;

/**
 * `create-owner`: the way in for a site's first owner, or for an owner who lost theirs. A person of
 * that e-mail becomes an active owner with a new password; otherwise one is made. The password is
 * printed once (the operator passes it on; the owner changes it).
 */
async function createOwner(accounts: Accounts, email: string, name: string | undefined): Promise<CommandResult> {
  const password = randomBytes(15).toString('base64url');
  const actor = commandActor();
  const audit = (action: string) => (trx: Parameters<typeof writeAudit>[0]) =>
    writeAudit(trx, actor, { action, object: email });
  const known = await accounts.byEmail(email);
  if (known)
    await accounts.update(known.id, { role: 'owner', status: 'active', password }, audit('account.restore-owner'));
  else if (
    !(await accounts.create({ email, name: name ?? email, role: 'owner', password }, audit('account.create-owner')))
  )
    return fail(`Could not create ${email}.`);
  return { out: [`${email} is an active owner. Password (shown once): ${password}`], code: 0 };
}

async function change(accounts: Accounts, email: string, wanted: PersonChange): Promise<CommandResult> {
  const person = await accounts.byEmail(email);
  if (!person) return fail(`No one has an account with the e-mail ${email}.`);
  if ((await changeRefused(accounts, 'command', person, wanted)) === 'last-owner')
    return fail(`${email} is the last active owner; make someone else an owner first.`);
  await changePerson(accounts, person, wanted, commandActor());
  return { out: [`${email}: ${Object.values(wanted).join(', ')}; their sessions ended.`], code: 0 };
}

async function endSessions(database: Database, accounts: Accounts, email: string): Promise<CommandResult> {
  const person = await accounts.byEmail(email);
  if (!person) return fail(`No one has an account with the e-mail ${email}.`);
  const ended = await new Sessions(database, accounts).count(person.id);
  await accounts.update(person.id, {}, (trx) =>
    writeAudit(trx, commandActor(), { action: 'account.end-sessions', object: email }),
  );
  return { out: [`${email}: ${ended} session(s) ended.`], code: 0 };
}

/** Runs `npm run staff -- <args>` on the site database; every change is audited as the command line. */
export async function staffCommand(database: Database, args: readonly string[]): Promise<CommandResult> {
  const accounts = new Accounts(database);
  const [verb, email, extra] = args;
  if (verb === 'list') return { out: (await accounts.list()).map(row), code: 0 };
  if (!email) return { out: [STAFF_USAGE], code: 2 };
  switch (verb) {
    case 'create-owner':
      return createOwner(accounts, email, extra);
    case 'suspend':
      return change(accounts, email, { status: 'suspended' });
    case 'end-sessions':
      return endSessions(database, accounts, email);
    case 'set-role':
      return isRole(extra) ? change(accounts, email, { role: extra }) : { out: [STAFF_USAGE], code: 2 };
    default:
      return { out: [STAFF_USAGE], code: 2 };
  }
}
