import { expect, it } from 'vitest';
import { errorStatus, errorText, serverErrors } from './errors.ts';

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
  for (const [name, e] of Object.entries(serverErrors)) {
    expect(e.title, name).not.toBe('');
    expect(e.status, name).toBeGreaterThanOrEqual(400);
    const args = { name: 'x', key: 'x', path: 'x', id: 'x', type: 'x', size: 1 };
    const text = (errorText as (n: string, a: object) => string)(name, args);
    expect(text, name).not.toMatch(/^Error:/);
    expect(text, name).toMatch(/[.]$/);
  }
});
