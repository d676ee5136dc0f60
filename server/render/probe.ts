import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type Router } from 'express';
import { languageOf, pageAt, publishedLanguages, siteIn, type Catalogue } from '../../engine/index.ts';
import { sendError } from '../errors.ts';

/** A page of a version that cannot be shown: its address and what went wrong. */
export interface RenderFailure {
  readonly path: string;
  readonly error: string;
}

/** Every page up to this many is rendered before a version is published; above it, a sample. */
export const PROBE_ALL_UP_TO = 500;
/** Pages added at random to the sample of a larger catalogue (one per kind and language besides). */
export const PROBE_RANDOM = 100;

/**
 * The pages a version must render before it is published: every sitemap page of every published
 * language up to PROBE_ALL_UP_TO, else one per page kind and language and PROBE_RANDOM more at random.
 */
export function pathsToProbe(catalogue: Catalogue, random: () => number = Math.random): string[] {
  const all = publishedLanguages(catalogue).flatMap((language) =>
    siteIn(catalogue, language).sitemap.map((e) => ({ path: e.path, language })),
  );
  if (all.length <= PROBE_ALL_UP_TO) return all.map((p) => p.path);
  const byKind = new Map<string, string>();
  for (const { path, language } of all) {
    const kind = pageAt(catalogue, languageOf(catalogue, path).path)?.kind ?? '';
    if (!byKind.has(`${language}:${kind}`)) byKind.set(`${language}:${kind}`, path);
  }
  const sample = new Set(byKind.values());
  for (let i = 0; i < PROBE_RANDOM; i++) sample.add(all[Math.floor(random() * all.length)]!.path);
  return [...sample];
}

/** How long one page may take (a hang guard: a render takes milliseconds, a cold listing a few seconds). */
const PAGE_TIMEOUT_MS = 30_000;

/**
 * Asks `pages` (a version's render router, as the live site would mount it) for each path, in order,
 * as a visitor would: the first page that fails (an error while rendering, a 500) is the answer.
 * A 503 is no failure of the version (its data could not be read, the media store is down, or this
 * server has no build yet). Served on a loopback port of its own for the time of the check.
 */
export async function firstRenderFailure(pages: Router, paths: readonly string[]): Promise<RenderFailure | undefined> {
  const thrown = new Map<string, string>();
  const caught: ErrorRequestHandler = (err: unknown, req, res, _next) => {
    thrown.set(req.path, err instanceof Error ? err.message : String(err));
    sendError(res, 'Internal');
  };
  const server = express().use(pages).use(caught).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (const path of paths) {
      const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(PAGE_TIMEOUT_MS) });
      const body = await res.text();
      if (res.status !== 500) continue;
      return { path, error: thrown.get(path) ?? `${res.status}: ${body.replace(/\s+/g, ' ').slice(0, 160)}` };
    }
    return undefined;
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
