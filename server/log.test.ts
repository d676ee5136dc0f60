import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { expect, it } from 'vitest';
import { createLogger } from './log.ts';

/** A stream that keeps what is written, a terminal or not. */
function output(isTTY: boolean): Writable & { isTTY: boolean; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return Object.assign(stream, { isTTY, text: () => chunks.join('') });
}

it('writes lines a person reads on a terminal, the message on a line of its own', () => {
  const out = output(true);
  createLogger('info', out).info({ url: 'http://localhost:3000' }, 'Site ready at http://localhost:3000');
  const lines = stripVTControlCharacters(out.text()).split('\n');
  expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Site ready at http:\/\/localhost:3000$/);
  expect(lines[1]).toMatch(/^\s+url: "http:\/\/localhost:3000"$/);
});

it('writes one JSON object per line anywhere else (a process manager, a container, a pipe)', () => {
  const out = output(false);
  createLogger('info', out).info({ url: 'http://localhost:3000' }, 'Site ready at http://localhost:3000');
  const [line] = out.text().trim().split('\n');
  expect(JSON.parse(line!)).toMatchObject({ level: 30, msg: 'Site ready at http://localhost:3000' });
});
