import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * The floor of a page (shared/notes/lcp-floor.md): the HTML the server sends for it with every script
 * taken out, and every file that HTML loads (stylesheet, hero or first tile) fetched once from the
 * running server and then answered from memory, like static files (text gzipped). Lighthouse on the
 * floor measures what this HTML and its images cost with no JavaScript at all, in the same run.
 */
export interface Floor {
  readonly url: string;
  readonly close: () => Promise<void>;
}

interface Stored {
  readonly status: number;
  readonly type: string;
  readonly body: Buffer;
}

/** The page's HTML without scripts, module preloads or the boot script's list. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<meta name="app-scripts"[^>]*>/g, '');
}

/** Serves `paths` of `origin` as their floors on a free loopback port. */
export async function startFloor(origin: string, paths: readonly string[]): Promise<Floor> {
  const pages = new Map<string, string>();
  for (const path of paths) {
    const answer = await fetch(origin + path);
    if (!answer.ok) throw new Error(`The floor of ${path} needs the page, which answered ${answer.status}.`);
    pages.set(path, withoutScripts(await answer.text()));
  }
  const files = new Map<string, Promise<Stored>>();
  const fetchOnce = (path: string, accept: string): Promise<Stored> => {
    const key = `${accept} ${path}`;
    let stored = files.get(key);
    if (!stored) {
      stored = fetch(origin + path, { headers: { accept } }).then(async (r) => ({
        status: r.status,
        type: r.headers.get('content-type') ?? 'application/octet-stream',
        body: Buffer.from(await r.arrayBuffer()),
      }));
      files.set(key, stored);
    }
    return stored;
  };
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const page = pages.get(path);
    const answer: Promise<Stored> = page
      ? Promise.resolve({ status: 200, type: 'text/html; charset=utf-8', body: Buffer.from(page) })
      : fetchOnce(path, req.headers.accept ?? '*/*');
    answer.then(
      ({ status, type, body }) => {
        const text = /^(text\/|application\/(json|javascript|xml))/.test(type);
        const gzip = text && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
        const sent = gzip ? gzipSync(body) : body;
        res.writeHead(status, {
          'content-type': type,
          'content-length': sent.length,
          'cache-control': page ? 'no-cache' : 'public, max-age=31536000, immutable',
          ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        });
        res.end(sent);
      },
      () => {
        res.writeHead(502).end();
      },
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
