import { createStore } from 'jotai';
import { renderToString } from 'react-dom/server';
import { ISLAND_ATTR, ISLAND_ROOT_ATTR, type IslandName } from '../../engine/shared/islands.ts';
import { jsonForScript } from '../../engine/shared/page.ts';
import { usePage, useShell, type DataState } from '../app/context.ts';
import { IslandRoot } from './IslandRoot.tsx';
import { islandNameOf, type IslandModule, type IslandProps, type IslandScript } from './types.ts';

const MODULES: Readonly<Record<string, IslandModule>> = Object.fromEntries(
  Object.entries(import.meta.glob<IslandModule>('./*.island.tsx', { eager: true })).map(([f, m]) => [
    islandNameOf(f),
    m,
  ]),
);

/** The islands of the page being rendered, in order (the server render is synchronous: one page at a time). */
let rendered: IslandName[] = [];

/** Starts a page's render; `islandsRendered` then says which islands it showed. */
export function beginIslands(): void {
  rendered = [];
}
export const islandsRendered = (): readonly IslandName[] => rendered;

/** The part of the page's data an island reads: the keys it names, nothing else. */
function dataFor(page: Omit<DataState, 'receivedAt'>, keys: readonly string[]): IslandScript['data'] {
  const fallback = Object.fromEntries(keys.filter((k) => k in page.fallback).map((k) => [k, page.fallback[k]]));
  const errors = page.errors.filter((k) => keys.includes(k));
  const partial = Object.fromEntries(
    keys.flatMap((k) => (page.partial?.[k] !== undefined ? [[k, page.partial[k]]] : [])),
  );
  return { fallback, errors, ...(Object.keys(partial).length > 0 ? { partial } : {}) };
}

/**
 * Server only: an island in the page. Its component is rendered as its own React root (the same tree
 * the browser hydrates, so ids and structure match), inside a wrapper that carries its name and a JSON
 * script with its props and the data of the swr keys it reads (`data`). Its component sees its props,
 * that data and the `ui` texts only, never the page: what it needs must be in its props.
 */
export function Island<N extends IslandName>({
  name,
  props,
  data = [],
}: {
  readonly name: N;
  readonly props: IslandProps[N];
  readonly data?: readonly string[];
}) {
  const { ui, language } = useShell();
  const own = dataFor(usePage().payload, data);
  const mod = MODULES[name] as IslandModule<N> | undefined;
  if (!mod) throw new Error(`No island module site/islands/${name}.island.tsx`);
  const Component = mod.default;
  const id = `${name}${rendered.length}-`;
  rendered.push(name);
  const html = renderToString(
    <IslandRoot ui={ui} language={language} data={{ ...own, receivedAt: Date.now() }} store={createStore()}>
      <Component {...props} />
    </IslandRoot>,
    { identifierPrefix: id },
  );
  const script: IslandScript<N> = { props, data: own };
  return (
    <div {...{ [ISLAND_ATTR]: name }} data-id={id}>
      <script type="application/json" dangerouslySetInnerHTML={{ __html: jsonForScript(script) }} />
      <div {...{ [ISLAND_ROOT_ATTR]: '' }} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
