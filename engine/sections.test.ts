import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalogue, Page } from './index.ts';
import type { pageIslands } from './islands.ts';
import type { loadCatalogue } from './node/read.ts';
import { manifestSchema } from './schema.ts';
import { SECTION_TYPES, SECTIONS, sectionComponents, sectionOf } from './sections.ts';
import type { PagePayload, RenderPage, Rendered, Shell } from './shared/page.ts';
import type { pageFolders } from './shared/shown-folders.ts';
import { sourceFiles, tableBranches } from '../testing/table-guard.ts';

const TYPE_NAMES = new Set<string>(SECTION_TYPES);

/** Where a source tells section types apart by name instead of reading the table (testing/table-guard.ts). */
const typeBranches = (file: string, text: string): string[] =>
  tableBranches(file, text, { names: TYPE_NAMES, field: 'type', what: 'section type' });

describe('the table of section types', () => {
  it('is where the schema takes its section types from', () => {
    const typeEnum = manifestSchema.properties.pages.items.properties.sections.items.properties.type.enum;
    expect([...typeEnum]).toEqual(Object.keys(SECTIONS));
  });

  it('names component modules that exist, each a default export', () => {
    for (const type of SECTION_TYPES) {
      const file = sectionOf(type).component;
      expect(existsSync(file), type).toBe(true);
      expect(readFileSync(file, 'utf8'), file).toMatch(/^export default function \w+\(/m);
    }
    expect(sectionComponents()).toHaveLength(SECTION_TYPES.length);
  });

  it('marks one type as a staff tool’s instructions: the folder setup page’s steps', () => {
    expect(SECTION_TYPES.filter((t) => sectionOf(t).instructions)).toEqual(['list']);
  });

  it('is the only place that tells section types apart: no production code branches on one by its name', () => {
    const offenders = ['engine', 'server', 'site', 'scripts']
      .flatMap(sourceFiles)
      .filter((file) => file !== join('engine', 'sections.ts'))
      .flatMap((file) => typeBranches(file, readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('(the check above finds each form of branching on a section type, as the code before the table did)', () => {
    const branches = (code: string): number => typeBranches('x.ts', code).length;
    // The site's switch over the type, the server's data needs, the staff tool's instructions.
    expect(branches(`switch (props.section.type) { case 'product-intro': return 1; case 'cards': return 2; }`)).toBe(1);
    expect(branches(`const p = sections.some((s) => s.type === 'product-intro' || s.type === 'media-types');`)).toBe(2);
    expect(branches(`page.sections.find((s) => s.type === 'list' && s.id === 'instructions');`)).toBe(1);
    expect(branches(`const b = page.sections[0]?.type === 'product-intro';`)).toBe(1);
    expect(branches(`const T = 'figures'; if (s.type === T) {}`)).toBe(1);
    expect(branches(`const views = { cards: Cards, 'product-cards': ProductCards };`)).toBe(1);
    // Other `type`s that happen to share a name, and reading the table, are not branching.
    expect(branches(`if (payload.type === 'page') {}`)).toBe(0);
    expect(branches(`switch (op) { case 'list': break; case 'get': break; }`)).toBe(0);
    expect(branches(`const own = sectionOf(s.type).products === 'intro';`)).toBe(0);
  });
});

describe('adding a section type', () => {
  it('is one row in the table and one component: the engine validates it and says its islands and folders, the site renders it', async () => {
    // A throw-away copy of the engine and the site with one more row and its component (inside the
    // repository, to resolve node_modules), imported by path: the copy's schema is built from the copy's
    // table, and the copy's section registry reads that table.
    const dir = mkdtempSync(join(process.cwd(), '.section-test-'));
    try {
      cpSync('tsconfig.base.json', join(dir, 'tsconfig.base.json'));
      cpSync('engine', join(dir, 'engine'), { recursive: true });
      cpSync('site', join(dir, 'site'), { recursive: true, filter: (src) => src !== join('site', 'e2e') });
      const table = join(dir, 'engine', 'sections.ts');
      const row = '  links: {';
      writeFileSync(
        table,
        readFileSync(table, 'utf8').replace(
          row,
          `  quotes: { component: component('Quotes'), items: 'cards', dialogs: ['cards'] },\n${row}`,
        ),
      );
      writeFileSync(
        join(dir, 'site', 'sections', 'Quotes.tsx'),
        [
          `import { cardsOf } from '../../engine/sections.ts';`,
          `import { GalleryDialogButton } from '../dialog/GalleryDialogButton.tsx';`,
          `import type { SectionProps } from './types.ts';`,
          `export default function Quotes({ section, vars }: SectionProps) {`,
          `  return (`,
          `    <blockquote id="quotes">`,
          `      {cardsOf(section).map((c) => (`,
          `        <p key={c.title}>{c.title}{c.dialog && <GalleryDialogButton dialog={c.dialog} vars={vars} />}</p>`,
          `      ))}`,
          `    </blockquote>`,
          `  );`,
          `}`,
        ].join('\n'),
      );
      const manifest = join(dir, 'manifest');
      cpSync('engine/__fixtures__/minimal', manifest, { recursive: true });
      const file = join(manifest, 'catalogue.yaml');
      const section = [
        '    sections:',
        '      - type: quotes',
        '        items:',
        '          - title: Built for Florida summers',
        '            dialog: { title: Pergola photos, folder: Pergolas/Images }',
        '',
      ].join('\n');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace('    heading: Pergolas\n    product: pergolas\n', (m) => m + section),
      );

      const engine = (p: string) => import(join(dir, 'engine', p));
      const read = (await engine('node/read.ts')) as { loadCatalogue: typeof loadCatalogue };
      const schema = (await engine('schema.ts')) as { manifestSchema: typeof manifestSchema };
      const islands = (await engine('islands.ts')) as { pageIslands: typeof pageIslands };
      const folders = (await engine('shared/shown-folders.ts')) as { pageFolders: typeof pageFolders };
      const built = read.loadCatalogue('manifest', dir);
      if (!built.ok) throw new Error(JSON.stringify(built.problems, null, 2));
      const page = built.catalogue.pages.find((p) => p.path === '/pergolas');
      if (!page) throw new Error('no page /pergolas');
      expect(page.sections.map((s) => s.type)).toEqual(['quotes']);
      expect(schema.manifestSchema.properties.pages.items.properties.sections.items.properties.type.enum).toContain(
        'quotes',
      );
      // Its row says it shows its cards' dialogs: the page has the dialog island and shows the folder.
      expect(islands.pageIslands(page)).toEqual(['menu', 'dialog']);
      expect(folders.pageFolders(page)).toContainEqual({ path: 'Pergolas/Images', by: 'dialog' });

      // The server's render entry (what SSR calls) renders it with the new component, and its islands.
      const site = (await import(join(dir, 'site', 'test', 'providers.tsx'))) as {
        payloadOf: (p: Page, over?: Partial<PagePayload>) => PagePayload;
      };
      const shell = (await engine('shared/shell.ts')) as { shellOf: (c: Catalogue) => Shell };
      const { render } = (await import(join(dir, 'site', 'entry-server.tsx'))) as { render: RenderPage };
      const { html, islands: shown }: Rendered = await render(
        shell.shellOf(built.catalogue),
        site.payloadOf(page, { fallback: { '/api/products': [] } }),
      );
      expect(html).toContain('<blockquote id="quotes"><p>Built for Florida summers');
      expect([...new Set(shown)]).toEqual(islands.pageIslands(page));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
