import { hostname } from 'node:os';
import { expect, it } from 'vitest';
import { serverName } from './follow.ts';

it('names a server by SERVER_NAME, else by its host and port, the same at every restart', () => {
  expect(serverName({ SERVER_NAME: ' web-1 ', PORT: '3000' })).toBe('web-1');
  expect(serverName({ PORT: '3001' })).toBe(`${hostname()}:3001`);
  expect(serverName({ PORT: '3001' })).toBe(serverName({ PORT: '3001' }));
  expect(serverName({})).toBe(`${hostname()}:3000`);
  // A port the system picks: two such servers on one host still differ.
  expect(serverName({ PORT: '0' })).not.toBe(serverName({ PORT: '0' }));
});
