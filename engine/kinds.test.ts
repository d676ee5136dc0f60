import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStaffKind, KINDS, kindOf, PAGE_KINDS, visitorTemplates } from './kinds.ts';
import type { Catalogue, Page } from './index.ts';
import { loadCatalogue } from './node/read.ts';
import { manifestSchema } from './schema.ts';
import type { PagePayload, RenderPage, Shell } from './shared/page.ts';
import { sourceFiles, tableBranches } from '../testing/table-guard.ts';

const KIND_NAMES = new Set<string>(PAGE_KINDS);

/** Where a source tells page kinds apart by name instead of reading the table (testing/table-guard.ts). */
const kindBranches = (file: string, text: string): string[] =>
  tableBranches(file, text, { names: KIND_NAMES, field: 'kind', what: 'kind' });

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
      'manifest-editor',
      'translation-status',
      'sign-in',
    ]);
  });

  it('is the only place that tells kinds apart: no production code branches on a kind by its name', () => {
    const offenders = ['engine', 'server', 'site', 'scripts']
      .flatMap(sourceFiles)
      .filter((file) => file !== join('engine', 'kinds.ts'))
      .flatMap((file) => kindBranches(file, readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('(the check above finds each form of branching on a kind, and leaves other names alone)', () => {
    const branches = (code: string): number => kindBranches('x.ts', code).length;
    expect(branches(`if (page.kind === 'image-gallery') {}`)).toBe(1);
    expect(branches(`const b = 'not-found' !== kind;`)).toBe(1);
    expect(branches(`const b = (p.kind as string) === other;`)).toBe(1);
    expect(branches(`const K = 'consultation'; const b = p.kind === K;`)).toBe(1);
    expect(branches(`switch (payload.kind) { case 'image-manager': break; }`)).toBe(1);
    expect(branches(`switch (route.t) { case 'home': break; case 'media-hub': break; }`)).toBe(1);
    expect(branches(`const m = { 'image-manager': 1, 'folder-setup': 2 };`)).toBe(1);
    // A store's error code and a mutation's name that happen to share a kind's name are not kinds.
    expect(branches(`switch (error.code) { case 'not-found': break; case 'invalid': break; }`)).toBe(0);
    expect(branches(`switch (kind) { case 'delete-line': break; }`)).toBe(0);
    expect(branches(`if (isGalleryKind(page.kind) && root.kind === 'drive') {}`)).toBe(0);
  });
});

describe('adding a page kind', () => {
  it('is one row in the table and one template: the engine validates, routes and lists its pages, the site renders them', async () => {
    // A throw-away copy of the engine and the site with one more row and its template (inside the
    // repository, to resolve node_modules), imported by path: the copy's schema is built from the
    // copy's table, and the copy's template registry reads that table.
    const dir = mkdtempSync(join(process.cwd(), '.kind-test-'));
    try {
      cpSync('tsconfig.base.json', join(dir, 'tsconfig.base.json'));
      cpSync('engine', join(dir, 'engine'), { recursive: true });
      cpSync('site', join(dir, 'site'), { recursive: true, filter: (src) => src !== join('site', 'e2e') });
      const kinds = join(dir, 'engine', 'kinds.ts');
      const row = "  'not-found': visitor(";
      writeFileSync(
        kinds,
        readFileSync(kinds, 'utf8').replace(row, `  brochure: visitor('site/templates/Brochure.tsx'),\n${row}`),
      );
      writeFileSync(
        join(dir, 'site', 'templates', 'Brochure.tsx'),
        [
          `import { usePage } from '../app/context.ts';`,
          `export default function Brochure() {`,
          `  return <h1 id="brochure">{usePage().payload.page.heading}: our brochures</h1>;`,
          `}`,
        ].join('\n'),
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

      const copy = (await import(join(dir, 'engine', 'kinds.ts'))) as { visitorTemplates: typeof visitorTemplates };
      const read = (await import(join(dir, 'engine', 'node', 'read.ts'))) as { loadCatalogue: typeof loadCatalogue };
      const built = read.loadCatalogue('manifest', dir);
      if (!built.ok) throw new Error(JSON.stringify(built.problems, null, 2));
      const page = built.catalogue.pages.find((p) => p.path === '/brochures');
      if (!page) throw new Error('no page /brochures');
      expect({ kind: page.kind, staff: page.staff, sitemap: page.sitemap }).toEqual({
        kind: 'brochure',
        staff: false,
        sitemap: true,
      });
      expect(built.catalogue.sitemap.some((e) => e.path === '/brochures')).toBe(true);
      expect(copy.visitorTemplates().filter((t) => t.includes('Brochure'))).toEqual(['site/templates/Brochure.tsx']);

      // The server's render entry (what SSR calls) renders it with the new template.
      const site = (await import(join(dir, 'site', 'test', 'providers.tsx'))) as {
        payloadOf: (p: Page) => PagePayload;
      };
      const shell = (await import(join(dir, 'engine', 'shared', 'shell.ts'))) as {
        shellOf: (c: Catalogue) => Shell;
      };
      const { render } = (await import(join(dir, 'site', 'entry-server.tsx'))) as { render: RenderPage };
      const { html } = await render(shell.shellOf(built.catalogue), site.payloadOf(page));
      expect(html).toContain('<h1 id="brochure">Brochures<!-- -->: our brochures</h1>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

it('no template imports another template (what two share lives in components/ or sections/)', () => {
  const dir = join(import.meta.dirname, '..', 'site', 'templates');
  const templates = readdirSync(dir).filter((f) => f.endsWith('.tsx'));
  const found = templates.flatMap((file) =>
    [...readFileSync(join(dir, file), 'utf8').matchAll(/from '\.\/([^']+)'/g)]
      .map((m) => m[1] ?? '')
      .filter((target) => templates.includes(target))
      .map((target) => `${file} -> ${target}`),
  );
  expect(found).toEqual([]);
});
