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

  it('a site address a URL parser refuses (a port out of range): located, with the form it must have', () => {
    expect(problemsOf('bad-base-url')).toMatchInlineSnapshot(`
      [
        "bad-base-url/catalogue.yaml:3:12  'baseUrl' is 'https://test.example:99999', but it must be an address such as 'https://www.example.com' (a valid host and port, no path, no trailing '/').",
      ]
    `);
  });

  it('unknown key, with a did-you-mean and the allowed keys', () => {
    expect(problemsOf('bad-unknown-key')).toMatchInlineSnapshot(`
      [
        "bad-unknown-key/catalogue.yaml:30:5  Unknown key 'headng' in pages > item 3 (did you mean 'heading'?).  (Allowed keys here: id, path, aliases, kind, heading, intro, breadcrumb, back, meta, hero, product, folder, productType, params, texts, links, sections, sitemap.)",
      ]
    `);
  });

  it("a key the manifest no longer reads (a page's media): located, with what decides instead", () => {
    expect(problemsOf('bad-page-media')).toMatchInlineSnapshot(`
      [
        "bad-page-media/catalogue.yaml:32:5  'media' in pages > item 3 is no longer read: nothing uses it.  (Remove it. A gallery shows what its page kind says: image-gallery its photos, video-gallery its videos, media-gallery the media type its address names.)",
      ]
    `);
  });

  it('misspelled text key, with a did-you-mean', () => {
    expect(problemsOf('bad-text-key')).toMatchInlineSnapshot(`
      [
        "bad-text-key/catalogue.yaml:35:7  Unknown text key 'emptyTitel' (did you mean 'emptyTitle'?).  (Valid values: loading, error, emptyTitle, emptyBody, count, none, notFound, mediaHeading, images, videos, changeImage, current, defaultImage, dropHere, dropHint, chooseFile, uploading, tooLarge, notImage, successTitle, successBody, errorTitle, uploadFailed, loadFailed, openRoot, scan, scanning, scanDoneTitle, scanDoneBody, scanFailedTitle and 177 more.)",
      ]
    `);
  });

  it('unknown page kind', () => {
    expect(problemsOf('bad-unknown-kind')).toMatchInlineSnapshot(`
      [
        "bad-unknown-kind/catalogue.yaml:29:11  Unknown page kind 'image-galery' (did you mean 'image-gallery'?).  (Valid values: home, category, application, variant-landing, image-gallery, video-gallery, media-gallery, media-hub, shade-page, consultation, image-manager, folder-setup, folder-health, manifest-editor, translation-status, sign-in, not-found.)",
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
        "bad-many-problems/catalogue.yaml:25:11  Unknown page kind 'categroy' (did you mean 'category'?).  (Valid values: home, category, application, variant-landing, image-gallery, video-gallery, media-gallery, media-hub, shade-page, consultation, image-manager, folder-setup, folder-health, manifest-editor, translation-status, sign-in, not-found.)",
        "bad-many-problems/catalogue.yaml:30:5  Unknown key 'headng' in pages > item 3 (did you mean 'heading'?).  (Allowed keys here: id, path, aliases, kind, heading, intro, breadcrumb, back, meta, hero, product, folder, productType, params, texts, links, sections, sitemap.)",
      ]
    `);
  });

  it('features given as text instead of a list: an error at its line, not a silent empty list', () => {
    expect(problemsOf('bad-features-text')).toMatchInlineSnapshot(`
      [
        "bad-features-text/families.yaml:41:19  'features' must be a list here, not the string "Salt-air finish, louvers rotate".  (Write a list: \`features: [First item, Second item]\`, or one \`- item\` a line below \`features:\`.)",
      ]
    `);
  });

  it('without naming no page or product of the family, with a did-you-mean', () => {
    expect(problemsOf('bad-unknown-without')).toMatchInlineSnapshot(`
      [
        "bad-unknown-without/families.yaml:42:19  \`without\` names 'galery', which is no page or product of family 'variants' (did you mean 'gallery'?).  (It may name: landing, gallery, pergola-pool-side.)",
      ]
    `);
  });

  it('a misspelled member key: at its own line, with a did-you-mean, and not also as an unset variable', () => {
    expect(problemsOf('bad-misspelled-key')).toMatchInlineSnapshot(`
      [
        "bad-misspelled-key/families.yaml:40:9  Unknown key 'descripton' in member 'pool-side' of family 'variants' (did you mean 'description'?): nothing in the family uses it.  (Keys a member of this family may set: slug, name, without, folder, description, features, subcategory, type, href.)",
      ]
    `);
  });

  it('a duplicate slug: one message that says slug, not one per id and route it doubles', () => {
    expect(problemsOf('bad-duplicate-slug')).toMatchInlineSnapshot(`
      [
        "bad-duplicate-slug/families.yaml:42:15  slug 'pool-side' is used twice in family 'variants' (also at engine/__fixtures__/bad-duplicate-slug/families.yaml:37:15).  (Each member needs its own slug (it names its pages, products and folders): rename one.)",
      ]
    `);
  });

  it('two mistakes of different stages (schema, family expansion) in one run', () => {
    expect(problemsOf('bad-two-stages')).toMatchInlineSnapshot(`
      [
        "bad-two-stages/catalogue.yaml:29:11  Unknown page kind 'image-galery' (did you mean 'image-gallery'?).  (Valid values: home, category, application, variant-landing, image-gallery, video-gallery, media-gallery, media-hub, shade-page, consultation, image-manager, folder-setup, folder-health, manifest-editor, translation-status, sign-in, not-found.)",
        "bad-two-stages/families.yaml:40:9  Unknown key 'descripton' in member 'pool-side' of family 'variants' (did you mean 'description'?): nothing in the family uses it.  (Keys a member of this family may set: slug, name, without, folder, description, features, subcategory, type, href.)",
      ]
    `);
  });

  it("a family's template error does not hide its members' own key typos", () => {
    // The misspelled kind sets the family aside; its members' keys are still checked against its templates.
    expect(problemsOf('bad-template-kind-and-member-key')).toMatchInlineSnapshot(`
      [
        "bad-template-kind-and-member-key/families.yaml:21:15  Unknown page kind 'image-galery' (did you mean 'image-gallery'?).  (Valid values: home, category, application, variant-landing, image-gallery, video-gallery, media-gallery, media-hub, shade-page, consultation, image-manager, folder-setup, folder-health, manifest-editor, translation-status, sign-in, not-found.)",
        "bad-template-kind-and-member-key/families.yaml:40:9  Unknown key 'descripton' in member 'pool-side' of family 'variants' (did you mean 'description'?): nothing in the family uses it.  (Keys a member of this family may set: slug, name, without, folder, description, features, subcategory, type, href.)",
      ]
    `);
  });

  it('a YAML error in one file hides nothing in the others, and adds nothing that only follows from it', () => {
    // pages.yaml cannot be read: the links to its pages (nav, breadcrumbs) and the gallery texts of its
    // pageDefaults are not checked, but every mistake in families.yaml is reported in the same run.
    expect(problemsOf('bad-yaml-and-member-keys')).toMatchInlineSnapshot(`
      [
        "bad-yaml-and-member-keys/families.yaml:35:19  \`without\` names 'galery', which is no page or product of family 'variants' (did you mean 'gallery'?).  (It may name: landing, gallery, pergola-attached.)",
        "bad-yaml-and-member-keys/families.yaml:39:9  Unknown key 'descripton' in member 'pool-side' of family 'variants' (did you mean 'description'?): nothing in the family uses it.  (Keys a member of this family may set: slug, name, without, folder, description, features, subcategory, type, href.)",
        "bad-yaml-and-member-keys/families.yaml:40:19  'features' must be a list here, not the string "Salt-air finish, louvers rotate".  (Write a list: \`features: [First item, Second item]\`, or one \`- item\` a line below \`features:\`.)",
        "bad-yaml-and-member-keys/families.yaml:41:15  slug 'attached' is used twice in family 'variants' (also at engine/__fixtures__/bad-yaml-and-member-keys/families.yaml:30:15).  (Each member needs its own slug (it names its pages, products and folders): rename one.)",
        "bad-yaml-and-member-keys/pages.yaml:8:14  This '[' is never closed with ']', so the YAML cannot be read.  (Add the missing ']', or remove the '[' if the value is plain text.)",
      ]
    `);
  });

  it('features as text and a misspelled key in the same member: both reported', () => {
    expect(problemsOf('bad-features-text-and-key')).toMatchInlineSnapshot(`
      [
        "bad-features-text-and-key/families.yaml:40:9  Unknown key 'descripton' in member 'pool-side' of family 'variants' (did you mean 'description'?): nothing in the family uses it.  (Keys a member of this family may set: slug, name, without, folder, description, features, subcategory, type, href.)",
        "bad-features-text-and-key/families.yaml:41:19  'features' must be a list here, not the string "Salt-air finish, louvers rotate".  (Write a list: \`features: [First item, Second item]\`, or one \`- item\` a line below \`features:\`.)",
      ]
    `);
  });

  it('an unknown icon name: located, with a did-you-mean; the rest of its page is still checked', () => {
    expect(problemsOf('bad-unknown-icon')).toMatchInlineSnapshot(`
      [
        "bad-unknown-icon/catalogue.yaml:30:18  Unknown product 'pergola' (did you mean 'pergolas'?).  (Declare it under products, or use one of: pergolas.)",
        "bad-unknown-icon/catalogue.yaml:33:45  Unknown icon 'sheild' (did you mean 'shield'?).  (Valid values: home, house, shield, ruler, handshake, cloud, bug, eye, porch, pergola, garage, pool, door, screen, sun, phone, bolt, check, user, badge, remote, mic, thermometer, wind, tool.)",
        "bad-unknown-icon/catalogue.yaml:38:22  Unknown icon 'pol' (did you mean 'pool'?).  (Valid values: home, house, shield, ruler, handshake, cloud, bug, eye, porch, pergola, garage, pool, door, screen, sun, phone, bolt, check, user, badge, remote, mic, thermometer, wind, tool.)",
      ]
    `);
  });

  it("a consultation page's offer and mail settings: each mistake at its text, defaults included", () => {
    expect(problemsOf('bad-consultation-settings')).toMatchInlineSnapshot(`
      [
        "bad-consultation-settings/catalogue.yaml:43:15  'notify' holds 'sales desk', which is not an e-mail address.  (List the addresses that get a mail for each request, separated by commas: requests@example.com, sales@example.com.)",
        "bad-consultation-settings/catalogue.yaml:44:20  'mailSubject' uses {n}, which nothing fills in it.  (It may use {name} and {site}.)",
        "bad-consultation-settings/catalogue.yaml:46:7  The text 'interest-aluminium-pergolas' offers the category 'aluminium-pergolas', which no product belongs to (did you mean 'interest-aluminum-pergolas'?).  (Offer a category of the products (aluminum-pergolas) as interest-<category>, or remove the text.)",
        "bad-consultation-settings/pages.yaml:39:15  'mailFrom' holds 'website at test.example', which is not an e-mail address.  (Give the one address the request mails come from, like website@example.com.)",
      ]
    `);
  });

  it('a consultation page that offers no products', () => {
    expect(problemsOf('bad-consultation-no-interests')).toMatchInlineSnapshot(`
      [
        "bad-consultation-no-interests/catalogue.yaml:39:5  The consultation page '/consultation' offers no products: it has no text interest-<category>, so visitors could pick none and no request would be accepted.  (Add a text interest-<category> with the label visitors pick, for some of: aluminum-pergolas.)",
      ]
    `);
  });

  it('staff tools without a page to sign in on: reported once, at the first of them', () => {
    expect(problemsOf('bad-no-sign-in')).toMatchInlineSnapshot(`
      [
        "bad-no-sign-in/catalogue.yaml:40:11  The image-manager page '/image-manager' is for signed-in staff, but no page is of kind 'sign-in', so staff cannot sign in.  (Add a page with \`kind: sign-in\` (for example \`path: /sign-in\`) and its texts.)",
        "bad-no-sign-in/catalogue.yaml:40:11  The image-manager page '/image-manager' is a staff tool, but no page is of kind 'manifest-editor', so staff could not edit or roll back the manifest in the browser once this is live.  (Add a page with \`kind: manifest-editor\` (for example \`path: /admin/manifest\`, heading Manifest Editor) and its texts.)",
      ]
    `);
  });

  it('staff tools without the manifest editor: reported once, at the first of them', () => {
    expect(problemsOf('bad-no-manifest-editor')).toMatchInlineSnapshot(`
      [
        "bad-no-manifest-editor/catalogue.yaml:40:11  The image-manager page '/image-manager' is a staff tool, but no page is of kind 'manifest-editor', so staff could not edit or roll back the manifest in the browser once this is live.  (Add a page with \`kind: manifest-editor\` (for example \`path: /admin/manifest\`, heading Manifest Editor) and its texts.)",
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
