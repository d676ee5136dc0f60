import { formatProblem, type BuildResult, type Catalogue } from '../../engine/index.ts';
import type { Logger } from '../log.ts';
import type { LiveSite } from './reload.ts';

/**
 * The manifest as read at start: its catalogue when valid; else its problems, each logged at its
 * place, and the server starts all the same (503 until the manifest is valid, server/live/reload.ts).
 */
export function readAtStart(
  result: BuildResult,
  logger: Logger,
): { readonly catalogue?: Catalogue; readonly problems: number } {
  if (result.ok) return { catalogue: result.catalogue, problems: 0 };
  for (const p of result.problems) logger.error(formatProblem(p));
  logger.error(`The manifest is invalid: ${result.problems.length} problem(s) above; 503 until it is valid.`);
  return { problems: result.problems.length };
}

/**
 * The catalogue being served: the live site's, the first one until it has started. Only a site built
 * from a catalogue asks (for its consultation mails), so there always is one.
 */
export function servedBy(site: LiveSite | undefined, first: Catalogue | undefined): Catalogue {
  const catalogue = site?.holder.current?.catalogue ?? first;
  if (!catalogue) throw new Error('No catalogue is served yet.');
  return catalogue;
}
