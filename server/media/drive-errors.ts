import { isRetryableDriveError } from '../resilience/backoff.ts';
import { errorAnswer } from '../errors.ts';
import { BreakerOpenError } from '../resilience/key-breakers.ts';
import { DeadlineError } from '../resilience/deadline.ts';
import { StoreError } from './types.ts';

interface ErrorShape {
  status?: number;
  code?: number | string;
  message?: string;
  errors?: { reason?: string }[];
  response?: { status?: number; data?: unknown };
}

export function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as ErrorShape;
  return e.response?.status ?? e.status ?? (typeof e.code === 'number' ? e.code : undefined);
}

function reasonsIn(data: unknown): string[] {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  const errors = (value as { error?: { errors?: { reason?: unknown }[] } } | null)?.error?.errors;
  return Array.isArray(errors) ? errors.map((e) => String(e.reason)) : [];
}

/**
 * Drive's error reasons (`rateLimitExceeded`, `storageQuotaExceeded`, ...). For a streamed download
 * gaxios keeps the error body only as the error's message, so that is read too.
 */
export function reasonsOf(error: unknown): string[] {
  if (typeof error !== 'object' || error === null) return [];
  const e = error as ErrorShape;
  return [...(e.errors ?? []).map((r) => String(r.reason)), ...reasonsIn(e.response?.data), ...reasonsIn(e.message)];
}

/** 429, 5xx, network failures, and 403 with a rate-limit reason are worth another try. */
export function isRetryable(error: unknown): boolean {
  if (isRetryableDriveError(error)) return true;
  const reasons = reasonsOf(error);
  return (
    statusOf(error) === 403 && (reasons.includes('rateLimitExceeded') || reasons.includes('userRateLimitExceeded'))
  );
}

/**
 * Any failure of a Drive call as the StoreError the API layer understands. `action` completes
 * "while ..." ('listing folder X'); `subject` names what a 404 was about ('Folder X').
 */
export function toStoreError(error: unknown, action: string, subject: string): StoreError {
  if (error instanceof StoreError) return error;
  if (error instanceof BreakerOpenError) {
    const cause = toStoreError(error.cause, action, subject);
    const base = cause.message.replace(/ Try again in a minute\.$/, '').replace(/\.$/, '');
    const message = `${base}, so it is not asked again for a moment. Try again in a minute.`;
    return new StoreError('upstream', message, 503, error.retryAfterMs);
  }
  if (error instanceof DeadlineError)
    return new StoreError(
      'upstream',
      `Google Drive did not answer in time while ${action}. Try again in a minute.`,
      503,
    );
  const status = statusOf(error);
  if (status === 404 || reasonsOf(error).includes('fileNotDownloadable')) {
    return new StoreError('not-found', errorAnswer('DriveNotFound', { subject }), 404);
  }
  if (status === 416)
    return new StoreError('invalid', errorAnswer('DriveRangeOutside', { subject: subject.toLowerCase() }), 416);
  // What staff read when Drive refuses an upload for lack of storage (the service account has none).
  if (reasonsOf(error).includes('storageQuotaExceeded'))
    return new StoreError('quota', errorAnswer('NoDriveStorage'), 507);
  const detail = status === undefined ? 'could not be reached' : `answered ${status}`;
  return new StoreError('upstream', `Google Drive ${detail} while ${action}. Try again in a minute.`, 503);
}
