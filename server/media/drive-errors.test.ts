import { describe, expect, it } from 'vitest';
import { BreakerOpenError } from '../resilience/key-breakers.ts';
import { toStoreError } from './drive-errors.ts';

describe('toStoreError', () => {
  it('says a remembered failure in one sentence, with the wait, as 503', () => {
    const drive500 = Object.assign(new Error('Internal Error'), { status: 500 });
    const error = toStoreError(new BreakerOpenError('folder:x', 800, drive500), 'looking up folder X', 'Folder X');
    expect(error.status).toBe(503);
    expect(error.retryAfterMs).toBe(800);
    expect(error.message).toMatch(/, so it is not asked again for a moment\. Try again in a minute\.$/);
    expect(error.message).not.toMatch(/\.\s*[,(]/);
  });
});
