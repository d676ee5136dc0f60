import { readFileSync } from 'node:fs';
import { buildCatalogue, formatProblem, type Catalogue } from '../index.ts';

/** The languages fixture: English and Spanish, `/` and `/pergola-images` translated, `/pergolas` not. For tests. */
export const LANGUAGES_FIXTURE = 'engine/__fixtures__/languages/catalogue.yaml';

const fixtureText = readFileSync(LANGUAGES_FIXTURE, 'utf8');

/** The catalogue of the languages fixture, its text edited by `edit` first; throws its problems when invalid. */
export function buildLanguagesFixture(edit: (text: string) => string = (t) => t): Catalogue {
  const result = buildCatalogue([{ file: LANGUAGES_FIXTURE, text: edit(fixtureText) }]);
  if (!result.ok) throw new Error(result.problems.map((p) => formatProblem(p)).join('\n'));
  return result.catalogue;
}
