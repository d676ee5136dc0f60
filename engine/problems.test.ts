import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, formatProblem } from './index.ts';
import { loadCatalogue } from './node/read.ts';

/** Every problem of a fixture manifest, one formatted line each, with the fixture folder trimmed. */
function problemsOf(fixture: string): string[] {
  const result = loadCatalogue(`engine/__fixtures__/${fixture}`);
  if (result.ok) return [];
  return result.problems.map((p) => formatProblem(p).replace('engine/__fixtures__/', ''));
}

describe('bad manifests get one clear message per problem, with its place', () => {
  it('the minimal fixture is valid', () => {
    expect(problemsOf('minimal')).toEqual([]);
  });

  it('YAML syntax error: points at the unclosed bracket', () => {
    expect(problemsOf('bad-yaml-syntax')).toMatchInlineSnapshot(`
      [
        "bad-yaml-syntax/catalogue.yaml:26:14  This '[' is never closed with ']', so the YAML cannot be read.  (Add the missing ']', or remove the '[' if the value is plain text.)",
      ]
    `);
  });

  it('wrong type', () => {
    expect(problemsOf('bad-wrong-type')).toMatchInlineSnapshot(`
      [
        "bad-wrong-type/catalogue.yaml:22:14  'heading' must be a text, not a list.",
      ]
    `);
  });

  it('unknown key, with a did-you-mean and the allowed keys', () => {
    expect(problemsOf('bad-unknown-key')).toMatchInlineSnapshot(`
      [
        "bad-unknown-key/catalogue.yaml:30:5  Unknown key 'headng' in pages > item 3 (did you mean 'heading'?).  (Allowed keys here: id, path, aliases, kind, heading, intro, breadcrumb, back, meta, hero, product, folder, media, productType, params, texts, links, sections, sitemap, staff.)",
      ]
    `);
  });

  it('unknown page kind', () => {
    expect(problemsOf('bad-unknown-kind')).toMatchInlineSnapshot(`
      [
        "bad-unknown-kind/catalogue.yaml:29:11  Unknown page kind 'image-galery' (did you mean 'image-gallery'?).  (Valid values: home, category, application, variant-landing, image-gallery, video-gallery, media-gallery, media-hub, shade-page, image-manager, folder-setup, sign-in, not-found.)",
      ]
    `);
  });

  it('duplicate route', () => {
    expect(problemsOf('bad-duplicate-route')).toMatchInlineSnapshot(`
      [
        "bad-duplicate-route/catalogue.yaml:28:11  The route '/pergolas' is declared twice (also at engine/__fixtures__/bad-duplicate-route/catalogue.yaml:24:11).  (Give one of the two pages another path, or remove it.)",
      ]
    `);
  });

  it('pattern route colliding with a fixed one', () => {
    expect(problemsOf('bad-route-collision')).toMatchInlineSnapshot(`
      [
        "bad-route-collision/catalogue.yaml:39:11  The pattern route '/:slug' also matches '/pergolas' (engine/__fixtures__/bad-route-collision/catalogue.yaml:24:11), so one of them can never be reached reliably.  (Rename the fixed route or change the pattern so that no path matches both.)",
      ]
    `);
  });

  it('dangling folder reference', () => {
    expect(problemsOf('bad-unknown-folder')).toMatchInlineSnapshot(`
      [
        "bad-unknown-folder/catalogue.yaml:18:13  Unknown folder 'Pergolas/Imges' (did you mean 'Pergolas/Images'?).  (Declare it under folders, or use one of: Pergolas/Images.)",
      ]
    `);
  });

  it('dangling product reference', () => {
    expect(problemsOf('bad-unknown-product')).toMatchInlineSnapshot(`
      [
        "bad-unknown-product/catalogue.yaml:27:14  Unknown product 'pergola' (did you mean 'pergolas'?).  (Declare it under products, or use one of: pergolas.)",
        "bad-unknown-product/catalogue.yaml:31:14  Unknown product 'pergola' (did you mean 'pergolas'?).  (Declare it under products, or use one of: pergolas.)",
      ]
    `);
  });

  it('gallery without its empty text', () => {
    expect(problemsOf('bad-gallery-texts')).toMatchInlineSnapshot(`
      [
        "bad-gallery-texts/catalogue.yaml:33:7  The image-gallery page '/pergola-images' has no 'emptyBody' text.  (Add texts.emptyBody to the page, or pageDefaults.image-gallery.emptyBody.)",
      ]
    `);
  });

  it('media-types card whose keys were swallowed by a quoted text', () => {
    expect(problemsOf('bad-media-card')).toMatchInlineSnapshot(`
      [
        "bad-media-card/catalogue.yaml:45:13  A media-types card has no 'media', which is required.  (Add \`media:\` here.)",
        "bad-media-card/catalogue.yaml:45:13  A media-types card has no 'href', which is required.  (Add \`href:\` here.)",
      ]
    `);
  });

  it('empty file', () => {
    expect(problemsOf('bad-empty-file')).toMatchInlineSnapshot(`
      [
        "bad-empty-file/extra.yaml:1:1  This manifest file is empty.  (Add top-level keys (site, ui, folders, products, slots, pages, families) or delete the file.)",
      ]
    `);
  });

  it('missing file', () => {
    expect(problemsOf('no-such-manifest')).toMatchInlineSnapshot(`
      [
        "no-such-manifest:1:1  The manifest file engine/__fixtures__/no-such-manifest does not exist.  (Check the path, or pass the manifest folder to read every *.yaml file in it.)",
      ]
    `);
  });

  it('reports every problem at once, in file order', () => {
    expect(problemsOf('bad-many-problems')).toMatchInlineSnapshot(`
      [
        "bad-many-problems/catalogue.yaml:22:14  'heading' must be a text, not a list.",
        "bad-many-problems/catalogue.yaml:25:11  Unknown page kind 'categroy' (did you mean 'category'?).  (Valid values: home, category, application, variant-landing, image-gallery, video-gallery, media-gallery, media-hub, shade-page, image-manager, folder-setup, sign-in, not-found.)",
        "bad-many-problems/catalogue.yaml:30:5  Unknown key 'headng' in pages > item 3 (did you mean 'heading'?).  (Allowed keys here: id, path, aliases, kind, heading, intro, breadcrumb, back, meta, hero, product, folder, media, productType, params, texts, links, sections, sitemap, staff.)",
      ]
    `);
  });

  it('never throws on garbage input', () => {
    for (const text of ['', '- a\n- b', 'site: 3', '{{{', 'pages: [1, 2]', '\t\tsite:\n x']) {
      const r = buildCatalogue([{ file: 'x.yaml', text }]);
      expect(r.ok).toBe(false);
      for (const p of r.problems) expect(p.line).toBeGreaterThan(0);
    }
  });
});

describe('npm run check', () => {
  const check = (target?: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check.ts', ...(target ? [target] : [])], {
      encoding: 'utf8',
    });

  it('exits 0 on the real manifest', () => {
    const r = check();
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Manifest is valid: 56 routes/);
  });

  it('exits 1 and prints file:line:col, message, hint and a code frame, no stack trace', () => {
    const r = check('engine/__fixtures__/bad-many-problems');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('engine/__fixtures__/bad-many-problems/catalogue.yaml:25:11  Unknown page kind');
    expect(r.stderr).toContain('> 25 |     kind: categroy');
    expect(r.stderr).toContain('3 problems found in the manifest.');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 1 on a missing manifest', () => {
    const r = check('nowhere');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('nowhere:1:1  The manifest file nowhere does not exist.');
  });
});
