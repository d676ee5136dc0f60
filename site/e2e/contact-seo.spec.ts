/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { telHref } from '../../engine/shared/contact.ts';
import { FIXTURES } from './fixtures.ts';
import { catalogue, routeCases } from './helpers.ts';

const c = catalogue();
const contact = c.site.contact;
const cases = routeCases(c);

const jsonLd = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );
const ofType = (docs: Record<string, unknown>[], type: string) => docs.find((d) => d['@type'] === type);

test('every page has the tel: and mailto: links, og:image and a large Twitter card', async ({ request }) => {
  if (!contact) throw new Error('the manifest has no site.contact');
  for (const route of cases) {
    const html = await (await request.get(route.path)).text();
    expect(html, route.path).toContain(`href="${telHref(contact.phone)}"`);
    expect(html, route.path).toContain(`href="mailto:${contact.email}"`);
    expect(html, route.path).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+">/);
    expect(html, route.path).toContain('<meta name="twitter:card" content="summary_large_image">');
  }
});

test('JSON-LD parses and has the required properties on every page', async ({ request }) => {
  if (!contact) throw new Error('the manifest has no site.contact');
  for (const route of cases.filter((r) => r.status === 200)) {
    const docs = jsonLd(await (await request.get(route.path)).text());
    for (const d of docs) expect(d['@context'], route.path).toBe('https://schema.org');
    if (route.kind === 'home') {
      const b = ofType(docs, 'HomeAndConstructionBusiness') as Record<string, unknown>;
      expect(b).toMatchObject({ name: c.site.name, telephone: contact.phone, email: contact.email });
      expect(b['address']).toMatchObject({ '@type': 'PostalAddress', addressLocality: contact.address.city });
      expect(b['openingHoursSpecification']).toHaveLength(contact.hours.length);
      expect(b['areaServed']).toHaveLength(contact.serviceArea.length);
    }
    if (route.breadcrumb.length > 0) {
      const list = ofType(docs, 'BreadcrumbList') as { itemListElement: { name: string; position: number }[] };
      expect(
        list.itemListElement.map((i) => i.name),
        route.path,
      ).toEqual(route.breadcrumb);
      expect(list.itemListElement.map((i) => i.position)).toEqual(route.breadcrumb.map((_, i) => i + 1));
    }
    if (route.kind === 'variant-landing' || route.kind === 'application') {
      expect(ofType(docs, 'Product'), route.path).toMatchObject({ name: expect.any(String), url: expect.any(String) });
    }
  }
  const gallery = jsonLd(await (await request.get(FIXTURES.images)).text());
  const g = ofType(gallery, 'ImageGallery') as { image: { '@type': string; contentUrl: string; url: string }[] };
  expect(g.image.length).toBe(FIXTURES.imagesCount);
  for (const img of g.image) {
    expect(img['@type']).toBe('ImageObject');
    expect(img.url).toContain(`${FIXTURES.images}/photo/`);
    expect(new URL(img.contentUrl).pathname).toMatch(/^\/media\//);
  }
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const path of ['/', '/pergolas', FIXTURES.images, '/pergola-fixed-roof-attached']) {
    test(`tap targets are at least 44 px tall: header, menu, breadcrumb and footer links on ${path}`, async ({
      page,
    }) => {
      await page.goto(path);
      const heights = async (selector: string) =>
        page
          .locator(selector)
          .evaluateAll((els) =>
            els
              .filter((e) => (e as HTMLElement).offsetParent !== null)
              .map((e) => [e.textContent?.trim() ?? '', Math.round(e.getBoundingClientRect().height)] as const),
          );
      const found = [
        ...(await heights('header a, header button')),
        ...(await heights('[data-testid="breadcrumb"] a')),
        ...(await heights('footer a')),
      ];
      expect(found.length).toBeGreaterThan(5);
      for (const [name, h] of found) expect(h, name).toBeGreaterThanOrEqual(44);
      // The menu is a popover: it opens with no script (its island loads then and changes nothing here).
      await page.getByRole('button', { name: c.ui['menu'] }).click();
      await expect(page.getByRole('dialog', { name: c.ui['menu'] })).toBeVisible();
      const menu = await heights('dialog a, [role="dialog"] a');
      expect(menu.length).toBeGreaterThan(3);
      for (const [name, h] of menu) expect(h, name).toBeGreaterThanOrEqual(44);
    });
  }
});
