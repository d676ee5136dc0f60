import { hostname } from 'node:os';
import { expect, it } from 'vitest';
import { serverName } from './follow.ts';

it('names a server by SERVER_NAME, else by its host and port, the same at every restart', () => {
  expect(serverName(' web-1 ', 3000)).toBe('web-1');
  expect(serverName(undefined, 3001)).toBe(`${hostname()}:3001`);
  expect(serverName('', 3001)).toBe(serverName(undefined, 3001));
  // A port the system picks: two such servers on one host still differ.
  expect(serverName(undefined, 0)).not.toBe(serverName(undefined, 0));
});
