import { describe, expect, it } from 'vitest';
import { backoffDelay, isRetryableDriveError, withBackoff } from './backoff.ts';

const quota = (reason: string) => ({ response: { status: 403, data: { error: { errors: [{ reason }] } } } });

describe('withBackoff', () => {
  it('retries retryable errors with doubling, jittered delays, then succeeds', async () => {
    const slept: number[] = [];
    let calls = 0;
    const result = await withBackoff(
      async () => {
        if (++calls < 4) throw { status: 503 };
        return 'ok';
      },
      {
        retries: 5,
        baseMs: 100,
        isRetryable: isRetryableDriveError,
        sleep: async (ms) => void slept.push(ms),
        random: () => 0.5,
      },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(4);
    expect(slept).toEqual([75, 150, 300]);
  });

  it('gives up after the retries and throws the last error', async () => {
    let calls = 0;
    const run = withBackoff(
      async () => {
        calls++;
        throw { status: 429 };
      },
      { retries: 2, baseMs: 1, isRetryable: isRetryableDriveError, sleep: async () => undefined },
    );
    await expect(run).rejects.toEqual({ status: 429 });
    expect(calls).toBe(3);
  });

  it('does not retry other errors', async () => {
    let calls = 0;
    const run = withBackoff(
      async () => {
        calls++;
        throw { status: 404 };
      },
      { retries: 5, baseMs: 1, isRetryable: isRetryableDriveError, sleep: async () => undefined },
    );
    await expect(run).rejects.toEqual({ status: 404 });
    expect(calls).toBe(1);
  });

  it('keeps each delay between half and all of its capped ceiling', () => {
    for (const r of [0, 0.3, 0.999]) {
      const d = backoffDelay(10, 100, 5_000, () => r);
      expect(d).toBeGreaterThanOrEqual(2_500);
      expect(d).toBeLessThanOrEqual(5_000);
    }
  });
});

describe('isRetryableDriveError', () => {
  it.each([
    [{ status: 429 }, true],
    [{ status: 500 }, true],
    [{ response: { status: 503 } }, true],
    [quota('rateLimitExceeded'), true],
    [quota('userRateLimitExceeded'), true],
    [{ code: 403, errors: [{ reason: 'userRateLimitExceeded' }] }, true],
    [quota('storageQuotaExceeded'), false],
    [quota('forbidden'), false],
    [{ status: 404 }, false],
    [{ code: 'ECONNRESET' }, true],
    [new Error('plain'), false],
    [null, false],
  ])('%j -> %s', (error, expected) => {
    expect(isRetryableDriveError(error)).toBe(expected);
  });
});
