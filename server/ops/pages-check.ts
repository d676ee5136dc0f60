import { atPrefix, prefixOf, publishedLanguages, type Catalogue } from '../../engine/index.ts';
import type { Generation } from '../live/catalogue-holder.ts';
import type { Check, CheckResult } from './readiness.ts';

/**
 * Visitors get pages: each published language's home page, asked of this server over HTTP as a
 * visitor would ask (at `origin`, its own address once it listens), once per version it loads.
 * A page that renders but whose data failed (503 with the page: the media store is down) is degraded,
 * not failing: a shared dependency never takes every server out of the load balancer at once.
 */
export function pagesCheck(current: () => Generation | undefined, origin: () => string | undefined): Check {
  let probed: { readonly number: number; readonly result: Promise<CheckResult> } | undefined;
  return {
    own: true,
    run() {
      const generation = current();
      const at = origin();
      // No catalogue yet: the catalogue check says so.
      if (!generation) return { state: 'ok', reason: 'no version served yet' };
      if (!at) return { state: 'failing', reason: 'not listening yet' };
      if (probed?.number !== generation.number)
        probed = { number: generation.number, result: homesOf(generation.catalogue, at) };
      return probed.result;
    },
  };
}

/** How long a home page may take before the check says so (a hang guard: a render takes milliseconds). */
const PAGE_TIMEOUT_MS = 10_000;

/** Asks for each language's home page; the first that is no page fails the check. */
async function homesOf(catalogue: Catalogue, origin: string): Promise<CheckResult> {
  const homes = publishedLanguages(catalogue).map((l) => atPrefix('/', prefixOf(catalogue, l)));
  const degraded: string[] = [];
  for (const path of homes) {
    const answer = await fetch(`${origin}${path}`, {
      headers: { accept: 'text/html' },
      signal: AbortSignal.timeout(PAGE_TIMEOUT_MS),
    }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    if (answer instanceof Error) return { state: 'failing', reason: `the home page ${path}: ${answer.message}` };
    if (answer.status === 200) continue;
    const body = await answer.text();
    const isPage = /^text\/html/.test(answer.headers.get('content-type') ?? '') && body.includes('<main');
    if (!isPage) {
      const said = body.replace(/\s+/g, ' ').slice(0, 160);
      return { state: 'failing', reason: `the home page ${path} answers ${answer.status}: ${said}` };
    }
    degraded.push(`${path} answers ${answer.status}`);
  }
  if (degraded.length > 0)
    return { state: 'degraded', reason: `home pages render, with data missing: ${degraded.join(', ')}` };
  return { state: 'ok', reason: `${homes.join(' and ')} render` };
}
