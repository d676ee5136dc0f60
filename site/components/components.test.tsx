// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import type { Page } from '../../engine/index.ts';
import { keys } from '../../engine/shared/keys.ts';
import { messagesFor } from '../../engine/shared/format.ts';
import ProductCards from '../sections/ProductCards.tsx';
import Gallery from '../templates/Gallery.tsx';
import { testCatalogue } from '../test/catalogue.ts';
import { payloadOf, Providers } from '../test/providers.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { Header } from './Header.tsx';
import { Thumb } from './Thumb.tsx';
import { IslandContext } from '../app/context.ts';
import { IslandRoot } from '../islands/IslandRoot.tsx';
import GalleryIsland from '../islands/gallery.island.tsx';

const c = testCatalogue();
const pageAt = (path: string): Page => {
  const page = c.pages.find((p) => p.path === path);
  if (!page) throw new Error(`no page ${path}`);
  return page;
};
afterEach(cleanup);

describe('Header', () => {
  it('marks the nav item of the current path with aria-current', () => {
    render(
      <Providers catalogue={c} payload={payloadOf(pageAt('/pergola-videos'))}>
        <Header />
      </Providers>,
    );
    const nav = screen.getAllByRole('navigation')[0] as HTMLElement;
    const current = within(nav)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual(['Pergolas']);
  });
});

describe('Breadcrumbs', () => {
  it('fills placeholders, links all but the last, which is the current page', () => {
    const page = pageAt('/screens/motorized-screens/:type/:mediaType');
    const vars = { type: 'pool-cages', name: 'Pool Cages', mediaTypeLabel: 'Videos' };
    render(
      <Providers catalogue={c} payload={payloadOf(page)}>
        <Breadcrumbs items={page.breadcrumb} vars={vars} />
      </Providers>,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Home', 'Screens', 'Pool Cages', 'Videos']);
    expect(screen.getByRole('link', { name: 'Pool Cages' }).getAttribute('href')).toBe(
      '/screens/motorized-screens/pool-cages',
    );
    expect(screen.getByText('Videos').getAttribute('aria-current')).toBe('page');
  });
});

/** Thumb as it runs in an island (React handles its errors); outside one it only writes attributes. */
const island = (ui: ReactNode) => render(<IslandContext.Provider value={true}>{ui}</IslandContext.Provider>);

describe('Thumb', () => {
  it('retries a failing source once with a time stamp, then takes the next, then shows the placeholder', () => {
    island(
      <Thumb
        sources={['http://localhost/a.jpg', undefined, 'http://localhost/b.jpg']}
        alt="photo"
        onFail="placeholder"
      />,
    );
    const img = () => screen.getByRole('img', { name: 'photo' });
    expect(img().getAttribute('src')).toBe('http://localhost/a.jpg');
    fireEvent.error(img());
    expect(img().getAttribute('src')).toMatch(/^http:\/\/localhost\/a\.jpg\?t=\d+$/);
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe('http://localhost/b.jpg');
    fireEvent.error(img());
    fireEvent.error(img());
    expect(img().tagName).toBe('SPAN');
  });
  it('keeps a placeholder without a text out of the accessibility tree (no unnamed image)', () => {
    const { container } = island(<Thumb sources={['http://localhost/p.jpg']} alt="" onFail="placeholder" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[role=img]')).toBeNull();
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
  it('hides a video tile whose sources all fail', () => {
    const { container } = island(<Thumb sources={['http://localhost/p.jpg']} alt="" onFail="hide" />);
    const el = container.querySelector('img') as HTMLImageElement;
    fireEvent.error(el);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
  });
  it('outside an island hands its chain to the boot script: the next sources and what to do when all fail', () => {
    const { container } = render(
      <Thumb sources={['http://localhost/a.jpg', undefined, 'http://localhost/b.jpg']} alt="" onFail="hide" />,
    );
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('data-fallbacks')).toBe('http://localhost/b.jpg');
    expect(img.getAttribute('data-on-fail')).toBe('hide');
    fireEvent.error(img);
    // React does nothing with it: the boot script's handler (server/render/boot.ts) does.
    expect(container.querySelector('img')?.getAttribute('src')).toBe('http://localhost/a.jpg');
  });
});

describe('ProductCards', () => {
  it('shows the filtered products with their first 3 features and a link from the pattern', () => {
    const page = pageAt('/screens');
    const section = page.sections.find((s) => s.id === 'applications');
    if (!section) throw new Error('no applications section');
    const payload = payloadOf(page, { fallback: { [keys.products]: c.products, [keys.slotImages]: {} } });
    render(
      <Providers catalogue={c} payload={payload}>
        <ProductCards section={section} index={0} vars={{}} />
      </Providers>,
    );
    const cards = screen.getAllByRole('article');
    expect(cards.map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Covered Porches',
      'Pergolas',
      'Garage Doors',
      'Pool Cages',
      'Screen Door',
    ]);
    const first = cards[0] as HTMLElement;
    expect(within(first).getAllByRole('listitem')).toHaveLength(3);
    expect(
      within(first)
        .getByRole('link', { name: /View Options/ })
        .getAttribute('href'),
    ).toBe('/screens/motorized-screens/covered-porches');
  });
});

describe('Gallery island', () => {
  const page = pageAt('/retractable-awning-images');
  const folder = 'f1';
  const source = { folderId: folder };
  const item = (i: number): ApiMediaItem => ({
    id: `i${i}`,
    fileId: `i${i}`,
    name: `photo-${i}.jpg`,
    url: `/media/file/i${i}`,
    downloadUrl: `/media/file/i${i}?download=1`,
    mimeType: 'image/jpeg',
    kind: 'image',
    width: 1200,
    height: 800,
  });
  const texts = Object.fromEntries(
    (['count', 'error', 'emptyTitle', 'emptyBody', 'loading'] as const).map((k) => [k, page.texts[k]]),
  );
  /** The island as it hydrates: its own props and data only, no page around it. */
  const show = async (
    data: { fallback?: Record<string, unknown>; errors?: string[] },
    unresolved = false,
    language = c.language,
  ) => {
    render(
      <IslandRoot
        ui={c.ui}
        language={language}
        data={{ fallback: data.fallback ?? {}, errors: data.errors ?? [], receivedAt: Date.now() }}
      >
        <GalleryIsland
          source={unresolved ? null : source}
          unresolved={unresolved}
          texts={texts}
          vars={{}}
          messages={messagesFor(c.messages, [texts.count])}
          // As rendered on a server that listed nothing: any other count is formatted in the island.
          count={{ n: 0, text: '' }}
          layout="masonry"
          label={page.heading}
          galleryPath={page.path}
          ssrPath={page.path}
        />
      </IslandRoot>,
    );
    await act(async () => {});
  };

  it('counts the items, and offers Refresh once live', async () => {
    await show({ fallback: { [keys.folder(folder)]: [item(1), item(2), item(3)] } });
    // A count the server did not render: its compiled plural formatted here, by the formatter loaded then.
    await waitFor(() => expect(screen.getByTestId('gallery-count').textContent).toBe('3 images available'));
    expect(screen.getByTestId('refresh')).toBeTruthy();
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toContain(`${page.path}/photo/photo-1`);
  });
  it("captions each tile in the island's language, else by the default caption rule", async () => {
    const listing = [
      { ...item(1), caption: 'Awning over the deck', captions: { es: 'Toldo sobre la terraza' } },
      { ...item(2), caption: 'Awning at noon' },
      item(3),
    ];
    const captions = async (language: string) => {
      await show({ fallback: { [keys.folder(folder)]: listing } }, false, language);
      // Tiles by their index (a masonry layout writes them column by column), named by their caption.
      const tiles = new Map(
        [...document.querySelectorAll('[data-tile]')].map((e) => [
          e.getAttribute('data-tile'),
          e.getAttribute('aria-label'),
        ]),
      );
      const shown = ['0', '1', '2'].map((i) => tiles.get(i));
      cleanup();
      return shown;
    };
    const [english, spanish] = [await captions('en'), await captions('es')];
    expect(english.slice(0, 2)).toEqual(['Awning over the deck', 'Awning at noon']);
    // No Spanish caption: the English one, and the title rule, as on the English page.
    expect(spanish).toEqual(['Toldo sobre la terraza', ...english.slice(1)]);
    expect(english[2]).toBeTruthy();
  });
  it('shows the empty texts alone for an empty folder: no count line, no Refresh', async () => {
    await show({ fallback: { [keys.folder(folder)]: [] } });
    expect(screen.queryByTestId('gallery-count')).toBeNull();
    expect(screen.getByTestId('gallery-empty').textContent).toContain(page.texts['emptyBody']);
    expect(screen.queryByTestId('refresh')).toBeNull();
  });
  it('shows the error text when the listing failed on the server', async () => {
    await show({ errors: [keys.folder(folder)] });
    expect(screen.getByTestId('gallery-error').textContent).toContain(page.texts['error']);
  });
  it('shows the error text, not the empty text, when the folder itself could not be looked up', async () => {
    await show({}, true);
    expect(screen.getByTestId('gallery-error').textContent).toContain(page.texts['error']);
    expect(screen.queryByTestId('gallery-empty')).toBeNull();
    expect(screen.getByRole('button', { name: c.ui['tryAgain'] })).toBeTruthy();
  });
});

describe('Gallery template (server render)', () => {
  it('renders the gallery as an island: its props and only its own data in its script, Refresh not yet', () => {
    const page = pageAt('/retractable-awning-images');
    const items = [
      { id: 'a', fileId: 'a', name: 'a.jpg', url: '/a', downloadUrl: '/a', mimeType: 'image/jpeg', kind: 'image' },
    ];
    const { container } = render(
      <Providers
        catalogue={c}
        payload={payloadOf(page, {
          folderIds: { [page.folder as string]: 'f1' },
          fallback: { [keys.folder('f1')]: items, [keys.products]: c.products },
        })}
      >
        <Gallery />
      </Providers>,
    );
    const wrapper = container.querySelector('[data-island="gallery"]') as HTMLElement;
    const script = JSON.parse(wrapper.querySelector('script')?.textContent ?? '{}') as {
      props: { source: unknown };
      data: { fallback: Record<string, unknown> };
    };
    expect(script.props.source).toEqual({ folderId: 'f1' });
    expect(Object.keys(script.data.fallback)).toEqual([keys.folder('f1')]);
    // The count line is an ICU plural, formatted in the island from its compiled message (in its props).
    expect(wrapper.querySelector('[data-testid="gallery-count"]')?.textContent).toBe('1 image available');
    expect(Object.keys((script.props as { messages?: object }).messages ?? {})).toEqual([page.texts.count]);
    expect(wrapper.querySelector('[data-testid="refresh"]')).toBeNull();
  });
});
