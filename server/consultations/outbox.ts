import nodemailer, { type Transporter } from 'nodemailer';
import { backoffDelay } from '../resilience/backoff.ts';
import type { Logger } from '../log.ts';
import { composeMail } from './mail.ts';
import type { ConsultationSettings } from './settings.ts';
import type { RequestStore } from './store.ts';

export interface OutboxOptions {
  /** `SMTP_URL`, e.g. `smtp://user:pass@mail.example:587`; without it nothing is sent and entries wait. */
  readonly smtpUrl?: string;
  readonly logger?: Logger;
  /** First retry after about this long; doubles per attempt up to `maxMs` (default 10 s, 30 min). */
  readonly baseMs?: number;
  readonly maxMs?: number;
  /** How long a claimed entry is held by its sender before another may take it (default 2 min). */
  readonly leaseMs?: number;
  /** How often due entries are looked for (default 5 s); a new request is sent at once. */
  readonly pollMs?: number;
}

/**
 * Mails each stored request to staff from the outbox table. An entry is claimed (one instance wins),
 * sent, then marked sent; a failure sets the next attempt after an exponential backoff. A request is
 * never lost: it stays in the table until a mail server has accepted it.
 */
export class Outbox {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private warned = false;

  /**
   * `settings` gives the consultation settings of the catalogue being served when a mail is sent (a
   * manifest reload changes them); while it has none, requests wait in the outbox.
   */
  constructor(
    private readonly store: RequestStore,
    private readonly settings: () => ConsultationSettings | null,
    private readonly options: OutboxOptions = {},
  ) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : null;
  }

  /** Polls for due entries until `stop()`. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 5_000);
    this.timer.unref();
    this.kick();
  }

  /** Sends what is due now (a run already going runs once more afterwards). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves when no run is going on. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    this.transport?.close();
  }

  private async drain(): Promise<void> {
    const { logger } = this.options;
    if (!this.transport) {
      if (!this.warned) logger?.warn('SMTP_URL is not set: consultation requests are stored but not mailed.');
      this.warned = true;
      return;
    }
    try {
      for (;;) {
        const settings = this.settings();
        if (!settings) return;
        const claimed = await this.store.claimDue(this.options.leaseMs ?? 120_000);
        if (claimed.length === 0) return;
        for (const { request, outbox } of claimed) await this.send(request, outbox.attempts, settings);
      }
    } catch (err) {
      logger?.error({ err }, 'the consultation outbox could not be read; it is tried again at the next poll');
    }
  }

  private async send(
    request: Parameters<typeof composeMail>[0],
    attempt: number,
    settings: ConsultationSettings,
  ): Promise<void> {
    const mail = composeMail(request, settings);
    try {
      await this.transport?.sendMail({ ...mail, to: [...mail.to] });
    } catch (err) {
      const delay = backoffDelay(
        attempt,
        this.options.baseMs ?? 10_000,
        this.options.maxMs ?? 30 * 60_000,
        Math.random,
      );
      this.options.logger?.warn(
        { err, request: request.id, attempt, retryInMs: delay },
        'consultation mail failed; retrying later',
      );
      await this.store.markFailed(request.id, err instanceof Error ? err.message : String(err), delay);
      return;
    }
    await this.store.markSent(request.id);
    this.options.logger?.info({ request: request.id, attempt }, 'consultation mailed');
  }
}
