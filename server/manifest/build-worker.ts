import { parentPort } from 'node:worker_threads';
import { checkOf, buildDraft, previewPages } from './draft.ts';
import { toPieces } from './pieces.ts';
import type { BuildAnswer, BuildJob } from './builder.ts';

/**
 * The build worker (server/manifest/builder.ts starts it): builds one manifest per message, off the
 * thread that answers requests, and answers its check and, when asked to keep it, the catalogue in
 * pieces (pieces.ts). The builder bounds its time and memory.
 */
parentPort?.on('message', (job: BuildJob) => {
  const built = buildDraft(job.files);
  const check = checkOf(built, job.live);
  const answer: BuildAnswer =
    built.ok && job.keep
      ? { id: job.id, check, pages: previewPages(built.catalogue), pieces: toPieces(built.catalogue) }
      : { id: job.id, check };
  parentPort?.postMessage(answer);
});
