import { createHash, randomUUID } from 'node:crypto';
import type { ConsultationRequestInput } from '../../engine/shared/consultation.ts';
import type { Database, RequestStatus, Tables } from '../db/database.ts';
import { writeAudit, type Actor } from '../staff/audit.ts';

export type StoredRequest = Tables['requests'];
export type OutboxRow = Tables['outbox'];

const iso = (ms: number): string => new Date(ms).toISOString();

/** Consultation requests and their mail outbox, in one database (SQLite or PostgreSQL). */
export class RequestStore {
  constructor(
    private readonly database: Database,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Stores a request, in the language the visitor read the form in, and its outbox entry in one
   * transaction: when this resolves the request is committed, and it will be mailed even if the
   * process dies next. With the form view's `token`, the same view sending the same fields again (a
   * reload, a double click, a retry after a lost answer) gets the request stored the first time, and
   * nothing new is stored; changed fields are a new request.
   */
  async add(input: ConsultationRequestInput, language = 'en', token?: string): Promise<StoredRequest> {
    if (!token) return this.insert(input, language);
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([language, input]))
      .digest('hex');
    const earlier = await this.sentBefore(token, fingerprint);
    if (earlier) return earlier;
    return this.insert(input, language, { token, fingerprint });
  }

  /** The request a form view (`token`) already sent with these fields (`fingerprint`), if any. */
  private async sentBefore(token: string, fingerprint: string): Promise<StoredRequest | undefined> {
    const found = await this.database.db
      .selectFrom('request_tokens')
      .select('request_id')
      .where('token', '=', token)
      .where('fingerprint', '=', fingerprint)
      .executeTakeFirst();
    return found ? this.get(found.request_id) : undefined;
  }

  private async insert(
    input: ConsultationRequestInput,
    language: string,
    sent?: { token: string; fingerprint: string },
  ): Promise<StoredRequest> {
    const now = iso(this.clock());
    const row: StoredRequest = {
      id: randomUUID(),
      created_at: now,
      status: 'new',
      status_at: null,
      name: input.name,
      phone: input.phone,
      email: input.email,
      place: input.place,
      products: input.products.join(','),
      times: input.times,
      message: input.message,
      language,
    };
    try {
      await this.database.db.transaction().execute(async (tx) => {
        await tx.insertInto('requests').values(row).execute();
        await tx.insertInto('outbox').values({ request_id: row.id, attempts: 0, next_attempt_at: now }).execute();
        if (sent)
          await tx
            .insertInto('request_tokens')
            .values({ ...sent, request_id: row.id })
            .execute();
      });
    } catch (error) {
      // Lost a race with the same view's other send (a double click): its token row collided, this
      // transaction was rolled back, and the other's request is the answer.
      const earlier = sent && (await this.sentBefore(sent.token, sent.fingerprint));
      if (earlier) return earlier;
      throw error;
    }
    return row;
  }

  /** Newest first; `status` filters. */
  list(options: { status?: RequestStatus; limit?: number } = {}): Promise<StoredRequest[]> {
    let q = this.database.db.selectFrom('requests').selectAll();
    if (options.status) q = q.where('status', '=', options.status);
    return q
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit ?? 10_000)
      .execute();
  }

  async get(id: string): Promise<StoredRequest | undefined> {
    return this.database.db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Marks a request; false when there is no such request. */
  /** Marks a request; `actor` is written to the audit trail in the same transaction. */
  async setStatus(id: string, status: RequestStatus, actor: Actor): Promise<boolean> {
    return this.database.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('requests')
        .set({ status, status_at: iso(this.clock()) })
        .where('id', '=', id)
        .executeTakeFirst();
      const found = Number(result.numUpdatedRows) === 1;
      if (found) await writeAudit(trx, actor, { action: 'request.status', object: `${id} -> ${status}` });
      return found;
    });
  }

  /**
   * Claims up to `limit` outbox entries that are due: each claim is a compare-and-set on the entry's
   * due time, so of several instances exactly one gets it; the claim holds it for `leaseMs`, after
   * which an entry whose sender died is due again.
   */
  async claimDue(leaseMs: number, limit = 20): Promise<Array<{ request: StoredRequest; outbox: OutboxRow }>> {
    const nowMs = this.clock();
    const now = iso(nowMs);
    const due = await this.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    const claimed: Array<{ request: StoredRequest; outbox: OutboxRow }> = [];
    for (const entry of due) {
      const result = await this.database.db
        .updateTable('outbox')
        .set({ next_attempt_at: iso(nowMs + leaseMs), attempts: entry.attempts + 1 })
        .where('request_id', '=', entry.request_id)
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '=', entry.next_attempt_at)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) continue;
      const request = await this.get(entry.request_id);
      if (request) claimed.push({ request, outbox: { ...entry, attempts: entry.attempts + 1 } });
    }
    return claimed;
  }

  async markSent(requestId: string): Promise<void> {
    await this.database.db
      .updateTable('outbox')
      .set({ sent_at: iso(this.clock()), last_error: null })
      .where('request_id', '=', requestId)
      .execute();
  }

  async markFailed(requestId: string, error: string, retryInMs: number): Promise<void> {
    await this.database.db
      .updateTable('outbox')
      .set({ next_attempt_at: iso(this.clock() + retryInMs), last_error: error.slice(0, 1000) })
      .where('request_id', '=', requestId)
      .where('sent_at', 'is', null)
      .execute();
  }

  outbox(requestId: string): Promise<OutboxRow | undefined> {
    return this.database.db.selectFrom('outbox').selectAll().where('request_id', '=', requestId).executeTakeFirst();
  }

  async counts(): Promise<{ requests: number; unsent: number }> {
    const db = this.database.db;
    const r = await db
      .selectFrom('requests')
      .select((e) => e.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    const u = await db
      .selectFrom('outbox')
      .select((e) => e.fn.countAll<string | number>().as('n'))
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    return { requests: Number(r?.n ?? 0), unsent: Number(u?.n ?? 0) };
  }
}
