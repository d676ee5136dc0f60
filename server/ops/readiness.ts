/** The state of one check: `failing` of the server's own takes it out of the load balancer. */
export type CheckState = 'ok' | 'degraded' | 'failing';

export interface CheckResult {
  readonly state: CheckState;
  /** A short sentence for people; no secret, no internal address (the log has the details). */
  readonly reason: string;
}

export interface Check {
  /**
   * True for what is this server's own (its catalogue, its disk): failing, it answers 503. A shared
   * dependency (the database, the media store) fails for every server at once: it is reported, and
   * the server stays in the load balancer to serve what it can.
   */
  readonly own: boolean;
  run(): Promise<CheckResult> | CheckResult;
}

export type CheckName = 'catalogue' | 'pages' | 'database' | 'mediaStore' | 'disk';

export interface ReadinessReport {
  readonly status: 'ready' | 'not-ready' | 'draining';
  /** Why not ready (the own checks failing, or draining); absent when ready. */
  readonly why?: string;
  readonly checks: Readonly<Record<CheckName, CheckResult>>;
}

const NAMES: readonly CheckName[] = ['catalogue', 'pages', 'database', 'mediaStore', 'disk'];

/** Whether this server should get traffic (`/readyz`): its checks, and whether it is draining. */
export class Readiness {
  #draining = false;

  constructor(private readonly checks: Readonly<Record<CheckName, Check>>) {}

  get draining(): boolean {
    return this.#draining;
  }

  /** From now on not ready (SIGTERM): the load balancer sends the next requests elsewhere. */
  drain(): void {
    this.#draining = true;
  }

  async report(): Promise<ReadinessReport> {
    const results = await Promise.all(
      NAMES.map(async (name): Promise<CheckResult> => {
        try {
          return await this.checks[name].run();
        } catch (error) {
          return {
            state: 'failing',
            reason: `the check itself failed (${error instanceof Error ? error.name : 'error'})`,
          };
        }
      }),
    );
    const checks = Object.fromEntries(NAMES.map((name, i) => [name, results[i]])) as Record<CheckName, CheckResult>;
    const failing = NAMES.filter((name) => this.checks[name].own && checks[name].state === 'failing');
    if (this.#draining) return { status: 'draining', why: 'it is draining before it stops', checks };
    if (failing.length === 0) return { status: 'ready', checks };
    return { status: 'not-ready', why: failing.map((name) => `${name}: ${checks[name].reason}`).join('; '), checks };
  }
}
