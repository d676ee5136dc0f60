import { MemoryStore, type Store } from 'express-rate-limit';

/**
 * Requests counted per client address, kept across the form routers that count them: a manifest
 * reload builds the consultation routes again, and the hour's count must not start again with them.
 * Each router gets its own handle on the one count (a rate limiter refuses a store another one uses).
 */
export function sharedCounts(): () => Store {
  const counts = new MemoryStore();
  return () => ({
    localKeys: true,
    init: (options) => counts.init(options),
    get: (key) => counts.get(key),
    increment: (key) => counts.increment(key),
    decrement: (key) => counts.decrement(key),
    resetKey: (key) => counts.resetKey(key),
  });
}
