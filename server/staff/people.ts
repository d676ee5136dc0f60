import express, { Router, type Request, type Response } from 'express';
import { isRole, may, type Role } from '../../engine/shared/roles.ts';
import { STAFF_API } from '../../engine/shared/staff.ts';
import { sendError } from '../errors.ts';
import type { Accounts, Person } from './accounts.ts';
import { writeAudit, type Actor } from './audit.ts';
import type { StaffAuth } from './auth.ts';
import { sameOriginOnly } from './origin.ts';
import { passwordProblem } from './passwords.ts';

/** A change to a person: their role, their status, or both. */
export interface PersonChange {
  readonly role?: Role;
  readonly status?: Person['status'];
}

/** Why `by` may not make `change` to `person`, or undefined when they may. */
export async function changeRefused(
  accounts: Accounts,
  by: Role | 'command',
  person: Person,
  change: PersonChange,
): Promise<'owners' | 'last-owner' | undefined> {
  const touchesOwner = person.role === 'owner' || change.role === 'owner';
  if (touchesOwner && by !== 'command' && !may(by, 'owners')) return 'owners';
  const leavesOwners =
    person.role === 'owner' && (change.status === 'suspended' || (change.role ?? 'owner') !== 'owner');
  if (leavesOwners && person.status === 'active' && (await accounts.activeOwners()) <= 1) return 'last-owner';
  return undefined;
}

/** Applies `change` (which ends the person's sessions) and its audit row, in one transaction. */
export async function changePerson(accounts: Accounts, person: Person, change: PersonChange, actor: Actor) {
  const what = [change.role && `role ${change.role}`, change.status].filter(Boolean).join(', ');
  await accounts.update(person.id, change, (trx) =>
    writeAudit(trx, actor, { action: 'account.change', object: `${person.email}: ${what}` }),
  );
}

const text = (req: Request, name: string): string => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * People (admins and owners): `GET /api/staff/people`, `POST /api/staff/people` (`{email, name, role,
 * password}`), `POST /api/staff/people/update` (`{email, role?, status?}`; only owners touch owners,
 * and the last active owner stays), and for everyone `POST /api/staff/sign-out-everywhere`.
 */
export function peopleRouter(options: { auth: StaffAuth; accounts: Accounts; weakPassword: string }): Router {
  const { auth, accounts, weakPassword } = options;
  const router = Router();
  const json = express.json({ limit: '4kb' });
  const refuse = (res: Response) => sendError(res, 'NotYourRole');

  router.get(STAFF_API.people, auth.api('people'), async (_req, res) => {
    res.json({ people: await accounts.list() });
  });

  router.post(STAFF_API.people, sameOriginOnly, auth.api('people'), json, async (req, res) => {
    const role = text(req, 'role');
    const password = text(req, 'password');
    if (!isRole(role) || !/^[^\s@]+@[^\s@]+$/.test(text(req, 'email'))) return sendError(res, 'BadRequest');
    if (role === 'owner' && !may((await auth.signedIn(req))!.person.role, 'owners')) return refuse(res);
    if (passwordProblem(password)) return sendError(res, 'WeakPassword', { weakPassword });
    const input = { email: text(req, 'email'), name: text(req, 'name') || text(req, 'email'), role, password };
    const actor = await auth.actorOf(req);
    const made = await accounts.create(input, (trx) =>
      writeAudit(trx, actor, { action: 'account.create', object: `${input.email}: ${role}` }),
    );
    if (!made) return sendError(res, 'PersonExists');
    res.status(201).json({ person: made });
  });

  router.post(STAFF_API.person, sameOriginOnly, auth.api('people'), json, async (req, res) => {
    const person = await accounts.byEmail(text(req, 'email'));
    if (!person) return sendError(res, 'NoPerson');
    const role = text(req, 'role');
    const status = text(req, 'status');
    if ((role && !isRole(role)) || (status && status !== 'active' && status !== 'suspended'))
      return sendError(res, 'BadRequest');
    const change: PersonChange = {
      ...(isRole(role) ? { role } : {}),
      ...(status ? { status: status as Person['status'] } : {}),
    };
    const refused = await changeRefused(accounts, (await auth.signedIn(req))!.person.role, person, change);
    if (refused === 'owners') return refuse(res);
    if (refused === 'last-owner') return sendError(res, 'LastOwner');
    await changePerson(accounts, person, change, await auth.actorOf(req));
    res.status(204).end();
  });

  router.post(STAFF_API.signOutEverywhere, sameOriginOnly, auth.api('self'), async (req, res) => {
    const { person } = (await auth.signedIn(req))!;
    const actor = await auth.actorOf(req);
    await accounts.update(person.id, {}, (trx) =>
      writeAudit(trx, actor, { action: 'account.sign-out-everywhere', object: person.email }),
    );
    await auth.endSession(req, res);
    res.status(204).end();
  });
  return router;
}
