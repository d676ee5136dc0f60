import { expect, it } from 'vitest';
import { invalidIdMessage } from './validate-id.ts';

it('validates public ids', () => {
  expect(invalidIdMessage('folderId', 'abc_DEF-123')).toBeNull();
  for (const bad of ['', '../x', 'a/b', 'a.b', 'a'.repeat(129), 'é', undefined]) {
    expect(invalidIdMessage('folderId', bad)).toMatch(/Invalid folderId/);
  }
});
