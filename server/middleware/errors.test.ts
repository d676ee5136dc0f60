import { describe, expect, it } from 'vitest';
import { StoreError } from '../media/types.ts';
import { errorText } from '../errors.ts';
import { errorResponse } from './errors.ts';

describe('errorResponse', () => {
  it.each([
    [new StoreError('not-found', 'No folder with id x.'), 404, 'No folder with id x.'],
    [new StoreError('invalid', 'Bad path.'), 400, 'Bad path.'],
    [new StoreError('upstream', 'socket hang up at 10.0.0.1'), 503, errorText('StoreUnreachable')],
    [new StoreError('upstream', 'Drive sent no size.', 502), 502, errorText('StoreAnsweredBadly')],
    [new StoreError('quota', 'rateLimitExceeded'), 503, errorText('StoreBusy')],
    [new StoreError('quota', 'Move the folder to a Shared Drive.', 507), 507, 'Move the folder to a Shared Drive.'],
    [
      Object.assign(new Error('request entity too large'), { status: 413, expose: true }),
      413,
      'request entity too large',
    ],
    [Object.assign(new Error('secret detail'), { status: 400, expose: false }), 400, 'Bad request.'],
    [new TypeError("Cannot read properties of undefined (reading 'x')"), 500, errorText('Internal')],
  ])('%s -> %i', (error, status, message) => {
    expect(errorResponse(error)).toMatchObject({ status, body: { error: message } });
    // A 503 says when to ask again.
    expect(errorResponse(error).retryAfterS).toEqual(status === 503 ? 5 : undefined);
  });
});
