import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { FRESH_MS } from '../../engine/shared/keys.ts';
import { fetchJson } from '../data/fetcher.ts';
import { loadTemplate } from '../templates/registry.ts';
import type { PageState } from './context.ts';
import { pagePathOf } from '../../engine/shared/captions.ts';
import { pageKey, type Head, type PagePayload, type RoutePayload } from '../../engine/shared/page.ts';

const cache = new Map<string, PageState>();
const MAX_CACHED = 50;

/** The payload of a path (cached while fresh), with its template loaded. */
async function loadPage(path: string): Promise<PageState | 'document'> {
  const hit = cache.get(path);
  if (hit && Date.now() - hit.receivedAt < FRESH_MS.default) return hit;
  const payload = await fetchJson<RoutePayload>(pageKey(path));
  if (payload.type === 'document') return 'document';
  await loadTemplate(payload.page.kind);
  const state = { payload, receivedAt: Date.now() };
  cache.set(path, state);
  // A long visit keeps the last pages only.
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return state;
}

function setMeta(selector: string, attr: 'content' | 'href', value: string): void {
  document.head.querySelector(selector)?.setAttribute(attr, value);
}

/** Puts a page's head tags in place after a client navigation. */
export function applyHead(head: Head): void {
  document.title = head.title;
  setMeta('meta[name="description"]', 'content', head.description);
  setMeta('link[rel="canonical"]', 'href', head.canonical);
  setMeta('meta[property="og:title"]', 'content', head.title);
  setMeta('meta[property="og:description"]', 'content', head.description);
  setMeta('meta[property="og:url"]', 'content', head.canonical);
}

/**
 * The page to show for the current location. Starts with the server's payload; on navigation it
 * keeps showing the current page (with `pending` set) until the next payload and its template have
 * arrived, then swaps, scrolls to the top and moves focus to the new page's heading.
 */
export function usePageNavigation(initial: PagePayload): { state: PageState; pending: boolean } {
  // A photo's address (`/gallery/photo/<slug>`) is its gallery's page with the viewer open.
  const [address] = useLocation();
  const location = pagePathOf(address);
  const [state, setState] = useState<PageState>(() => {
    const first = { payload: initial, receivedAt: Date.now() };
    if (typeof window !== 'undefined') cache.set(initial.path, first);
    return first;
  });
  const [pending, setPending] = useState(false);
  const shown = useRef(initial.path);

  useEffect(() => {
    // Back to the page shown before the other one arrived: nothing to load, nothing pending.
    if (location === shown.current) {
      setPending(false);
      return;
    }
    let live = true;
    setPending(true);
    loadPage(location).then(
      (next) => {
        if (!live) return;
        // The router has already pushed this location: replace it, or Back would lead to it again.
        if (next === 'document') {
          window.location.replace(location);
          return;
        }
        shown.current = location;
        setState(next);
        setPending(false);
        applyHead(next.payload.head);
        if (!window.location.hash) window.scrollTo(0, 0);
        document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
      },
      () => {
        // The payload could not be fetched: let the browser load the page as a document.
        if (live) window.location.replace(location);
      },
    );
    return () => {
      live = false;
    };
  }, [location]);

  return { state, pending };
}
