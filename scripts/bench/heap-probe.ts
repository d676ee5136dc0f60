/**
 * Bench tooling, preloaded into the server process by the sitemap benchmark (`--expose-gc --import`):
 * asked `heap` over the IPC channel, it collects garbage and answers the heap in use, so that the
 * benchmark reads what the server holds, not how much garbage its collector has let pile up.
 */
process.on('message', (message) => {
  if (message !== 'heap') return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.(process.memoryUsage().heapUsed);
});
