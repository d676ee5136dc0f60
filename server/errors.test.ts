import { expect, it } from 'vitest';
import { answerText, errorStatus, errorText, serverErrors, type ErrorAnswer } from './errors.ts';

it('joins the message and the hint', () => {
  expect(errorText('StoreUnreachable')).toBe('The media storage could not be reached. Please try again in a moment.');
  expect(errorText('UnknownFolderPath', { path: 'A/B' })).toBe(
    "Unknown folder path 'A/B': use a path of the checklist.",
  );
  expect(errorText('InvalidId', { name: 'folderId' })).toBe(
    "Invalid folderId: ids are 1 to 128 letters, digits, '-' or '_'.",
  );
  expect(errorStatus('TooManyRefreshes')).toBe(429);
});

it('has a title, an error status and a prefix-free sentence for every entry', () => {
  // Every argument a sentence (a manifest text or a library's words is one too).
  const args = new Proxy({}, { get: () => 'x.' });
  for (const [name, e] of Object.entries(serverErrors)) {
    expect(e.title, name).not.toBe('');
    expect(e.status, name).toBeGreaterThanOrEqual(400);
    const text = answerText({ name, args } as ErrorAnswer);
    expect(text, name).not.toMatch(/^Error:/);
    expect(text, name).toMatch(/[.]$/);
  }
});
