import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import { CACHE } from './cache-control.ts';
import type { Catalogue } from '../../engine/index.ts';
import { defaultFileOf, neutralDefault } from '../imaging/slot-defaults.ts';

/** `/defaults/*`: the slots' built-in images from `<dataDir>/defaults`. */
export function defaultsStatic(dataDir: string): RequestHandler {
  return express.static(join(dataDir, 'defaults'), {
    index: false,
    dotfiles: 'ignore',
    fallthrough: true,
    setHeaders: (res) => res.setHeader('Cache-Control', CACHE.defaults),
  });
}

/**
 * A built-in slot image of `catalogue` not written yet (a fresh data directory, or a slot a publish
 * has just added, while `writeDefaults` runs): a neutral picture, not cached, never a 404.
 */
export function pendingDefaults(catalogue: Catalogue): RequestHandler {
  const names = new Set(catalogue.slots.flatMap((slot) => defaultFileOf(slot.fallback) ?? []));
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !names.has(req.path.slice(1))) {
      next();
      return;
    }
    neutralDefault().then(
      (bytes) => res.type('jpeg').setHeader('Cache-Control', CACHE.none).send(bytes),
      (err: unknown) => next(err),
    );
  };
}

/**
 * The client build: `<distDir>/client/assets` (hashed names) at `/assets` with immutable caching.
 * Absent before the first build: then nothing is mounted.
 */
export function assetsStatic(distDir: string): RequestHandler | null {
  const dir = join(distDir, 'client', 'assets');
  if (!existsSync(dir)) return null;
  return express.static(dir, {
    index: false,
    dotfiles: 'ignore',
    fallthrough: true,
    setHeaders: (res) => res.setHeader('Cache-Control', CACHE.immutable),
  });
}
