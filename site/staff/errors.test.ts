import { describe, expect, it } from 'vitest';
import { HttpError } from '../data/fetcher.ts';
import { errorText } from './errors.ts';

describe('errorText: the message a failed staff call shows', () => {
  it("is the server's JSON error text, without the status and the JSON around it", () => {
    const message = 'Google Drive answered 500 while creating folder Screens. Try again in a minute.';
    expect(errorText(new HttpError(502, `502: ${JSON.stringify({ error: message })}`))).toBe(message);
  });

  it('is empty for an answer without a JSON error (HTML page, status text) and for a network failure', () => {
    expect(errorText(new HttpError(502, '502: <html><body>Bad Gateway</body></html>'))).toBe('');
    expect(errorText(new HttpError(500, '500: Internal Server Error'))).toBe('');
    expect(errorText(new HttpError(500, '500: {"message":"x"}'))).toBe('');
    expect(errorText(new TypeError('Failed to fetch'))).toBe('');
    expect(errorText(undefined)).toBe('');
  });
});
