import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const DIR = join(import.meta.dirname, '.');

it('no template imports another template (what two share lives in components/ or sections/)', () => {
  const templates = readdirSync(DIR).filter((f) => f.endsWith('.tsx'));
  const found = templates.flatMap((file) =>
    [...readFileSync(join(DIR, file), 'utf8').matchAll(/from '\.\/([^']+)'/g)]
      .map((m) => m[1] ?? '')
      .filter((target) => templates.includes(target))
      .map((target) => `${file} -> ${target}`),
  );
  expect(found).toEqual([]);
});
