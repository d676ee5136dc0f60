import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DriveErrorBody } from './faults.ts';

export class BodyTooLarge extends Error {}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendError(res: ServerResponse, error: DriveErrorBody, headers: Record<string, string> = {}): void {
  sendJson(res, error.status, error.body, headers);
}

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Query flags are true only when spelled 'true', as on Google's APIs. */
export function flag(params: URLSearchParams, name: string): boolean {
  return params.get(name) === 'true';
}

/**
 * One byte range of a `Range: bytes=...` header against a size: the inclusive range, 'invalid' when
 * it cannot be satisfied, or null for no (or an unparseable) header, which means the whole file.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

export interface Part {
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/** The parts of a multipart/related body (Drive's multipart upload). */
export function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    let start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    if (body[start] === 13 && body[start + 1] === 10) start += 2;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const end = body[next - 2] === 13 && body[next - 1] === 10 ? next - 2 : next;
    const part = body.subarray(start, end);
    const split = part.indexOf('\r\n\r\n');
    const head = split === -1 ? '' : part.subarray(0, split).toString('utf8');
    const headers: Record<string, string> = {};
    for (const line of head.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: split === -1 ? part : part.subarray(split + 4) });
    at = next;
  }
  return parts;
}
