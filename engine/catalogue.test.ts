import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { manifestSchema, type Catalogue } from './index.ts';
import { loadCatalogue } from './node/read.ts';

const lines = (file: string): string[] =>
  readFileSync(new URL(file, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'));

function load(dir = 'manifest', cwd = process.cwd()): Catalogue {
  const result = loadCatalogue(dir, cwd);
  if (!result.ok) throw new Error(result.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.message}`).join('\n'));
  return result.catalogue;
}

describe('the real manifest', () => {
  const c = load();

  it('expands into exactly the routes of the spec', () => {
    const spec = lines('./__fixtures__/spec/routes.txt');
    expect([...c.pages.map((p) => p.path)].sort()).toEqual([...spec].sort());
  });

  it('gives every route a kind, a heading or a product, and meta', () => {
    for (const p of c.pages) {
      expect(p.meta.title, p.path).toBeTruthy();
      expect(p.meta.description, p.path).toBeTruthy();
      if (p.kind !== 'not-found') expect(p.heading || p.productType, p.path).toBeTruthy();
    }
  });

  it('checklist holds the spec folder tree, parents before children', () => {
    const paths = c.folders.map((f) => f.path);
    for (const f of lines('./__fixtures__/spec/folders.txt')) expect(paths).toContain(f);
    for (const f of c.folders) {
      if (f.parent) expect(paths.indexOf(f.parent), f.path).toBeLessThan(paths.indexOf(f.path));
    }
  });

  it('declares the ten slots of the spec plus one per screen application, keyed by product id', () => {
    const ids = c.slots.map((s) => s.id);
    for (const s of [
      'homepage-hero',
      'homepage-window-coverings',
      'homepage-outdoor-screens',
      'homepage-retractable-awnings',
      'homepage-pergolas',
      'screens-hero',
      'pergolas-hero',
      'pergolas-showcase',
      'pergola-videos-hero',
      'pergola-images-hero',
    ]) {
      expect(ids).toContain(s);
    }
    const apps = c.products.filter((p) => p.subcategory === 'motorized-screens' && p.href?.startsWith('/screens/'));
    expect(apps.map((p) => p.type)).toEqual([
      'covered-porches',
      'pergolas',
      'garage-doors',
      'pool-cages',
      'screen-door',
    ]);
    for (const p of apps) expect(ids).toContain(p.id);
  });

  it('has companion products holding the media folders of screen applications', () => {
    const types = new Set(c.products.map((p) => p.type));
    for (const t of ['covered-porches', 'pool-cages']) {
      expect(types).toContain(`${t}-videos`);
      expect(types).toContain(`${t}-images`);
    }
    expect(types).toContain('zebra-shades-videos');
    expect(types).toContain('cable-guided-screens-images');
  });

  it('keeps the per-page texts of the spec', () => {
    const page = (path: string) => c.pages.find((p) => p.path === path)!;
    expect(page('/pergola-custom-angles-videos').heading).toBe('Special Cuts & Angle Pergolas - Videos');
    expect(page('/pergola-custom-angles-videos').back).toEqual({
      label: 'Back to Special Cuts & Angle Pergolas',
      href: '/pergola-custom-angles',
    });
    expect(page('/wood-blinds-gallery').texts).toMatchObject({
      loading: 'Loading wood blinds gallery...',
      error: 'Unable to load wood blinds gallery at this time.',
    });
    expect(page('/wood-blinds-gallery').heading).toBe('Wood Blinds - Gallery');
    expect(page('/roman-shades-gallery').texts.loading).toBe('Loading roman shades images...');
    expect(page('/pergola-multi-zone-images').texts).toMatchObject({
      count: '{n, plural, one {{n} image} other {{n} images}} available',
      emptyTitle: 'No Images Found',
      emptyBody: 'Images for this pergola configuration will appear here once added to the gallery.',
    });
    expect(page('/outdoor-screens').meta.canonical).toBe('/screens');
  });

  it('lists concrete sitemap entries, pattern routes with each member, no staff pages', () => {
    const paths = c.sitemap.map((e) => e.path);
    expect(paths).toContain('/screens/motorized-screens/pool-cages/videos');
    expect(paths).toContain('/pergola-multi-zone-images');
    expect(paths).not.toContain('/admin/images');
    expect(paths).not.toContain('/outdoor-screens');
    expect(paths.some((p) => p.includes(':') || p.includes('*'))).toBe(false);
  });

  it('aggregates the motorized screens type over the leaf folders of every application', () => {
    const apps = ['Covered Porches', 'Pergolas', 'Garage Doors', 'Pool Cages', 'Screen Door'];
    expect(c.aggregates['motorized-screens']).toEqual(
      apps.flatMap((a) => [`Screens/Motorized Screens/${a}/Videos`, `Screens/Motorized Screens/${a}/Images`]),
    );
  });

  it('is deterministic', () => {
    expect(JSON.stringify(load())).toBe(JSON.stringify(c));
  });

  it('ties every manifest file to the schema for editors (yaml-language-server modeline on line 1)', () => {
    const files = readdirSync('manifest').filter((f) => /\.ya?ml$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      expect(readFileSync(join('manifest', f), 'utf8').split('\n')[0], f).toBe(
        '# yaml-language-server: $schema=./catalogue.schema.json',
      );
    }
    const settings = JSON.parse(readFileSync('.vscode/settings.json', 'utf8')) as { 'yaml.schemas': object };
    expect(settings['yaml.schemas']).toEqual({
      './manifest/catalogue.schema.json': ['manifest/*.yaml', 'manifest/*.yml'],
    });
  });

  it('explains every key of the schema (editor hovers) and offers the member keys for completion', () => {
    const undescribed: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      const n = node as { properties?: Record<string, { description?: string }> };
      for (const [k, v] of Object.entries(n.properties ?? {})) if (!v.description) undescribed.push(`${at}.${k}`);
      for (const [k, v] of Object.entries(node)) walk(v, `${at}.${k}`);
    };
    walk(manifestSchema, '$');
    expect(undescribed).toEqual([]);
    const members = manifestSchema.properties.families.items.properties.members.items.properties;
    expect(Object.keys(members)).toEqual(expect.arrayContaining(['slug', 'name', 'folder', 'description', 'features']));
  });

  it('ships the JSON schema generated from the TypeScript source', () => {
    const file = JSON.parse(readFileSync('manifest/catalogue.schema.json', 'utf8'));
    expect(file).toEqual(JSON.parse(JSON.stringify(manifestSchema)));
  });
});

describe('content staff editing a copy of the manifest', () => {
  let dir = '';
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('adds a pergola variant and a shade type with one edit each', () => {
    dir = mkdtempSync(join(tmpdir(), 'manifest-'));
    cpSync('manifest', dir, { recursive: true });
    const file = join(dir, 'families.yaml');
    let text = readFileSync(file, 'utf8');
    text = text.replace(
      '  - id: screen-applications',
      `      - slug: pool-side
        name: Pool Side Pergolas
        folder: Aluminum Pergolas/Pool Side
        subcategory: louvered-roof
        type: pool-side
        description: A louvered pergola sized for the pool deck.
        features: [Salt-air finish, Louvers rotate 0-90 degrees]

  - id: screen-applications`,
    );
    text = `${text.trimEnd()}
      - slug: sheer-shades
        name: Sheer Shades
        folder: Interior Window Coverings/Shades/Sheer
        description: Light sheer fabric.
        features: [Soft light]
`;
    writeFileSync(file, text);
    const before = load();
    const after = load(dir);
    const added = (f: (c: Catalogue) => readonly string[]) => f(after).filter((x) => !f(before).includes(x));

    expect(added((c) => c.pages.map((p) => p.path))).toEqual([
      '/pergola-pool-side',
      '/pergola-pool-side-images',
      '/pergola-pool-side-videos',
      '/sheer-shades',
      '/sheer-shades-gallery',
    ]);
    expect(added((c) => c.folders.map((f) => f.path))).toEqual([
      'Aluminum Pergolas/Pool Side',
      'Aluminum Pergolas/Pool Side/Images',
      'Aluminum Pergolas/Pool Side/Videos',
      'Interior Window Coverings/Shades/Sheer',
    ]);
    expect(added((c) => c.products.map((p) => p.id))).toEqual(['pergola-pool-side', 'sheer-shades']);
    expect(added((c) => c.sitemap.map((e) => e.path))).toEqual([
      '/pergola-pool-side',
      '/pergola-pool-side-images',
      '/pergola-pool-side-videos',
      '/sheer-shades',
      '/sheer-shades-gallery',
    ]);
    const gallery = after.pages.find((p) => p.path === '/pergola-pool-side-images')!;
    expect(gallery).toMatchObject({
      kind: 'image-gallery',
      heading: 'Pool Side Pergolas - Images',
      folder: 'Aluminum Pergolas/Pool Side/Images',
      back: { label: 'Back to Pool Side Pergolas', href: '/pergola-pool-side' },
    });
    const shade = after.products.find((p) => p.id === 'sheer-shades')!;
    // A shade type with a page of its own: its card leads there (its gallery is a dialog and a link away).
    expect(shade).toMatchObject({ subcategory: 'shades', type: 'sheer-shades', href: '/sheer-shades' });
    expect(after.pages.find((p) => p.path === '/sheer-shades-gallery')?.texts.loading).toBe(
      'Loading sheer shades images...',
    );
  });

  it("adds a screen application with one edit, and its icon with one line (the README's worked example)", () => {
    dir = mkdtempSync(join(tmpdir(), 'manifest-'));
    cpSync('manifest', dir, { recursive: true });
    const families = join(dir, 'families.yaml');
    writeFileSync(
      families,
      readFileSync(families, 'utf8').replace(
        '\n  - id: interior-types',
        `      - slug: patios
        name: Patios
        description: Screens around an open patio for shade, privacy and no insects.
        features: [Fits between posts or walls, Blocks sun and insects, Wind-rated zipper track]

  - id: interior-types`,
      ),
    );
    const pages = join(dir, 'pages.yaml');
    writeFileSync(
      pages,
      readFileSync(pages, 'utf8').replace(
        '          screen-door: door\n',
        '          screen-door: door\n          patios: sun\n',
      ),
    );
    const before = load();
    const after = load(dir);
    const added = (f: (c: Catalogue) => readonly string[]) => f(after).filter((x) => !f(before).includes(x));
    expect(added((c) => c.products.map((p) => p.id))).toEqual([
      'screen-patios',
      'screen-patios-videos',
      'screen-patios-images',
    ]);
    expect(added((c) => c.folders.map((f) => f.path))).toEqual([
      'Screens/Motorized Screens/Patios',
      'Screens/Motorized Screens/Patios/Videos',
      'Screens/Motorized Screens/Patios/Images',
    ]);
    expect(added((c) => c.slots.map((s) => s.id))).toEqual(['screen-patios']);
    expect(added((c) => c.sitemap.map((e) => e.path))).toEqual([
      '/screens/motorized-screens/patios',
      '/screens/motorized-screens/patios/videos',
      '/screens/motorized-screens/patios/images',
    ]);
    expect(after.aggregates['motorized-screens']).toContain('Screens/Motorized Screens/Patios/Images');
    const cards = after.pages.find((p) => p.path === '/screens')?.sections.find((s) => s.id === 'applications');
    expect(cards?.icons['patios']).toBe('sun');
    expect(after.slots.find((s) => s.id === 'screen-patios')?.fallback).toBe('/defaults/screen-patios.jpg');
  });

  it('a folder declared later inside an aggregated leaf becomes the leaf the aggregate lists', () => {
    dir = mkdtempSync(join(tmpdir(), 'manifest-'));
    cpSync('manifest', dir, { recursive: true });
    const file = join(dir, 'catalogue.yaml');
    const before = readFileSync(file, 'utf8');
    const text = before.replace(
      '  - path: Aluminum Pergolas/Videos\n',
      '  - path: Aluminum Pergolas/Videos\n  - path: Screens/Motorized Screens/Pool Cages/Images/Night\n',
    );
    expect(text).not.toBe(before);
    writeFileSync(file, text);
    const listed = load(dir).aggregates['motorized-screens'] ?? [];
    expect(listed).toContain('Screens/Motorized Screens/Pool Cages/Images/Night');
    expect(listed).not.toContain('Screens/Motorized Screens/Pool Cages/Images');
    expect(listed).toContain('Screens/Motorized Screens/Pool Cages/Videos');
    expect(listed).toHaveLength(10);
  });
});
