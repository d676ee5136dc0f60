// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { instances, isPattern, pageIslands, type Page } from '../../engine/index.ts';
import { keys } from '../../engine/shared/keys.ts';
import { shellOf } from '../../engine/shared/shell.ts';
import { ISLAND_ATTR } from '../../engine/shared/islands.ts';
import { renderPage } from '../render-server.tsx';
import { testCatalogue } from '../test/catalogue.ts';
import { payloadOf } from '../test/providers.tsx';

const c = testCatalogue();
const shell = shellOf(c);

/** A page as the server renders it with the products loaded (folders and listings left out). */
async function rendered(page: Page) {
  const path = isPattern(page.path) ? (instances(page.path, page.params)[0] ?? page.path) : page.path;
  const params = Object.fromEntries(
    page.path
      .split('/')
      .map((seg, i) => [seg, path.split('/')[i]] as const)
      .filter(([seg]) => seg.startsWith(':'))
      .map(([seg, value]) => [seg.slice(1), value ?? '']),
  );
  return renderPage(shell, payloadOf(page, { path, params, vars: params, fallback: { [keys.products]: c.products } }));
}

describe('islands of a page', () => {
  const visitor = c.pages.filter((p) => !p.staff);

  it('are what the kinds table and the page’s sections say (engine pageIslands), for every visitor page', async () => {
    for (const page of visitor) {
      const { islands, html } = await rendered(page);
      expect([...new Set(islands)], page.path).toEqual(pageIslands(page));
      expect(html.match(new RegExp(`${ISLAND_ATTR}="`, 'g'))?.length, page.path).toBe(islands.length);
    }
  });

  it('carry no whole-page payload: each script holds its own props and data only', async () => {
    const page = c.pages.find((p) => p.path === '/screens') as Page;
    const { html } = await rendered(page);
    const scripts = [...html.matchAll(/<script type="application\/json">(.*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(1);
    for (const json of scripts) {
      const { props, data } = JSON.parse(json) as { props: object; data: { fallback: object } };
      expect(Object.keys(props)).not.toContain('page');
      // No island of this page reads the product list: it is not shipped.
      expect(Object.keys(data.fallback)).not.toContain(keys.products);
    }
  });
});
