import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import { CACHE } from './cache-control.ts';

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
