import { expect, it } from 'vitest';
import { fileCsp, SANDBOX_CSP } from './files.ts';

it.each(['image/jpeg', 'image/PNG', 'image/webp', 'video/mp4', 'video/quicktime', 'audio/mpeg'])(
  'serves %s, which runs no script, under the site policy',
  (type) => expect(fileCsp(type)).toBeUndefined(),
);

it.each(['image/svg+xml', 'text/html', 'application/xhtml+xml', 'application/pdf', 'application/octet-stream', ''])(
  'sandboxes %j, which could carry script',
  (type) => expect(fileCsp(type)).toBe(SANDBOX_CSP),
);
