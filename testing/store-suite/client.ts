import { request } from 'node:http';

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
  readonly text: string;
}

/**
 * A GET (or other method) with the path sent exactly as written: no URL normalisation, so that
 * `..%2F`, `%2e%2e` and literal `../` reach the server as an attacker would send them.
 */
export function raw(baseUrl: string, path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<RawResponse>((done, fail) => {
    const req = request({ host: hostname, port, path, method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        done({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('latin1') });
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** A JSON GET through fetch; returns status, headers and the parsed body. */
export async function getJson<T = unknown>(baseUrl: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, baseUrl), { headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function postJson<T = unknown>(baseUrl: string, path: string) {
  const res = await fetch(new URL(path, baseUrl), { method: 'POST' });
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

export async function getBytes(baseUrl: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, baseUrl), { headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}
