import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStaffKind, KINDS, kindOf, PAGE_KINDS, visitorTemplates } from './kinds.ts';
import { loadCatalogue } from './node/read.ts';
import { manifestSchema } from './schema.ts';

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'e2e' || name === '__fixtures__' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

describe('the table of page kinds', () => {
  it('is where the schema takes its kinds from', () => {
    const kindEnum = manifestSchema.properties.pages.items.properties.kind.enum;
    expect([...kindEnum]).toEqual(Object.keys(KINDS));
  });

  it('names template modules that exist; kinds with the same behaviour share one', () => {
    for (const kind of PAGE_KINDS) expect(existsSync(kindOf(kind).template), kind).toBe(true);
    expect(visitorTemplates()).toEqual([
      'site/templates/Application.tsx',
      'site/templates/Consultation.tsx',
      'site/templates/Gallery.tsx',
      'site/templates/Home.tsx',
      'site/templates/NotFound.tsx',
      'site/templates/Standard.tsx',
      'site/templates/VariantLanding.tsx',
    ]);
  });

  it('gives every page its staff flag: the manifest cannot say otherwise', () => {
    const built = loadCatalogue();
    if (!built.ok) throw new Error('the manifest is invalid');
    for (const page of built.catalogue.pages) expect(page.staff, page.path).toBe(isStaffKind(page.kind));
    expect(built.catalogue.pages.filter((p) => p.staff).map((p) => p.kind)).toEqual([
      'image-manager',
      'folder-setup',
      'folder-health',
      'sign-in',
    ]);
  });

  it('is the only place that tells kinds apart: no production code compares a page kind to a name', () => {
    const names = PAGE_KINDS.join('|');
    const compare = new RegExp(`kind\\s*[!=]==?\\s*'(${names})'`);
    const offenders = ['engine', 'server', 'site', 'scripts']
      .flatMap(sourceFiles)
      .filter((file) => file !== join('engine', 'kinds.ts'))
      .filter((file) => compare.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('adding a page kind', () => {
  it('is one row in the table: the engine then validates, routes and lists pages of the new kind', () => {
    // A throw-away copy of the engine with one more row; run in its own process so that the
    // schema is built from the edited table (inside the repository, to resolve node_modules).
    const dir = mkdtempSync(join(process.cwd(), '.kind-test-'));
    try {
      cpSync('engine', join(dir, 'engine'), { recursive: true });
      const kinds = join(dir, 'engine', 'kinds.ts');
      const row = "  'not-found': visitor(";
      writeFileSync(
        kinds,
        readFileSync(kinds, 'utf8').replace(row, `  brochure: visitor('site/templates/Brochure.tsx'),\n${row}`),
      );
      const manifest = join(dir, 'manifest');
      cpSync('engine/__fixtures__/minimal', manifest, { recursive: true });
      const file = join(manifest, 'catalogue.yaml');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(
          /\npages:\n/,
          '\npages:\n  - path: /brochures\n    kind: brochure\n    heading: Brochures\n',
        ),
      );
      const script = [
        `import { loadCatalogue } from './engine/node/read.ts';`,
        `import { visitorTemplates } from './engine/kinds.ts';`,
        `const r = loadCatalogue('manifest', process.cwd());`,
        `const page = r.ok ? r.catalogue.pages.find((p) => p.kind === 'brochure') : undefined;`,
        `console.log(JSON.stringify({ ok: r.ok, page: page && { path: page.path, staff: page.staff, sitemap: page.sitemap },`,
        `  inSitemap: r.ok && r.catalogue.sitemap.some((e) => e.path === '/brochures'),`,
        `  templates: visitorTemplates().filter((t) => t.includes('Brochure')) }));`,
      ].join('\n');
      writeFileSync(join(dir, 'run.ts'), script);
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'run.ts'], { cwd: dir, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual({
        ok: true,
        page: { path: '/brochures', staff: false, sitemap: true },
        inSitemap: true,
        templates: ['site/templates/Brochure.tsx'],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
