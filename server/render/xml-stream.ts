import type { Response } from 'express';

/** What is handed to the socket at once: big enough to be cheap, small enough to hold nothing large. */
const CHUNK_CHARS = 16 * 1024;

/**
 * A wait for the response to take more, or to close (a client that left). One listener each for the
 * whole answer: compression's `drain` goes to its own stream, which a listener could not be taken off.
 */
function drains(res: Response): () => Promise<void> {
  let wake: (() => void) | undefined;
  const go = (): void => {
    const woken = wake;
    wake = undefined;
    woken?.();
  };
  res.on('drain', go).on('close', go);
  return () => (res.destroyed ? Promise.resolve() : new Promise<void>((done) => (wake = done)));
}

/**
 * Sends `parts` as the body of an XML answer as they are made, a chunk at a time: waits while the
 * client has not taken the last chunk, so that a big document never sits in memory whole, and gives
 * other requests their turn between chunks. Stops when the client leaves.
 */
export async function streamXml(res: Response, parts: Iterable<string>): Promise<void> {
  res.type('application/xml').setHeader('Cache-Control', 'public, max-age=600');
  const writable = drains(res);
  let chunk = '';
  for (const part of parts) {
    chunk += part;
    if (chunk.length < CHUNK_CHARS) continue;
    const flushed = res.write(chunk);
    chunk = '';
    if (!flushed) await writable();
    // Between chunks the event loop runs (a probe, another page) even when the socket takes all at once.
    else await new Promise((next) => setImmediate(next));
    if (res.destroyed) return;
  }
  res.end(chunk);
}
