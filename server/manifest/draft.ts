import { buildCatalogue, type BuildResult, type Catalogue } from '../../engine/index.ts';
import { describeDiff, diffShapes, shapeOf, type CatalogueShape } from '../../engine/diff.ts';
import { MANIFEST_DIR } from '../../engine/node/read.ts';
import type { CheckResult, ManifestFile } from '../../engine/shared/manifest.ts';

/** Builds a draft the way the server builds the live manifest: files named as in `manifest/`. */
export function buildDraft(files: readonly ManifestFile[]): BuildResult {
  return buildCatalogue(files.map((f) => ({ file: `${MANIFEST_DIR}/${f.name}`, text: f.text })));
}

/** The check's answer of a build: its problems (file names as staff see them), or its changes against `live`. */
export function checkOf(built: BuildResult, live: CatalogueShape | undefined): CheckResult {
  if (!built.ok) {
    const problems = built.problems.map(({ file, line, col, message, hint }) => ({
      file: file.replace(`${MANIFEST_DIR}/`, ''),
      line,
      col,
      message,
      ...(hint ? { hint } : {}),
    }));
    return { ok: false, problems, changes: [] };
  }
  const changes = live ? describeDiff(diffShapes(live, shapeOf(built.catalogue))) : [];
  return { ok: true, problems: [], changes };
}

/** The pages of a draft staff can open in a preview (no patterns). */
export const previewPages = (catalogue: Catalogue): string[] =>
  catalogue.pages.filter((p) => !p.path.includes(':')).map((p) => p.path);
