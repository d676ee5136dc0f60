import { startTransition, useEffect, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import {
  ISLAND_ATTR,
  ISLAND_ROOT_ATTR,
  ISLAND_WHEN,
  UI_TEXTS_ID,
  type IslandName,
} from '../../engine/shared/islands.ts';
import type { UiTexts } from '../../engine/index.ts';
import { IslandRoot } from './IslandRoot.tsx';
import { islandNameOf, type IslandModule, type IslandScript } from './types.ts';

/** Every island module, each its own chunk, loaded when a page shows that island. */
const LOADERS: Readonly<Record<string, () => Promise<IslandModule>>> = Object.fromEntries(
  Object.entries(import.meta.glob<IslandModule>('./*.island.tsx')).map(([f, load]) => [islandNameOf(f), load]),
);

/** The prefix of every report of a failing island: the end-to-end suite fails on any console line with it. */
export const ISLAND_ERROR = '[island]';

/**
 * Reports an island's errors to the console in the very build that ships: a hydration mismatch
 * (React recovers by rendering the island again on the client, but the page changed under the visitor)
 * and errors that reach the root.
 */
const reporter =
  (name: string, what: string) =>
  (error: unknown, info?: ErrorInfo): void => {
    console.error(`${ISLAND_ERROR} ${name}: ${what}:`, error, info?.componentStack ?? '');
  };

/**
 * Marks the island live (`data-live` on its wrapper) once it has hydrated: a parent's effect runs after
 * those of its children, so by then the island's handlers and the listeners its effects add (a
 * dialog's picture) are in place. The boot script keeps clicks on waiting buttons until then. (A
 * wrapper, not a sibling: a sibling would change the ids `useId` gives, and they must match the server's.)
 */
function Live({ el, children }: { readonly el: HTMLElement; readonly children: ReactNode }) {
  useEffect(() => el.setAttribute('data-live', ''), [el]);
  return children;
}

/** Hydrates one island: its props from its JSON script, its markup under its root element. */
export async function hydrateIsland(el: HTMLElement, ui: UiTexts): Promise<void> {
  const name = el.getAttribute(ISLAND_ATTR) as IslandName;
  const root = el.querySelector<HTMLElement>(`:scope > [${ISLAND_ROOT_ATTR}]`);
  const json = el.querySelector(':scope > script')?.textContent;
  const load = LOADERS[name];
  if (!root || !json || !load) return reporter(name, 'not hydrated')(new Error('island markup or module missing'));
  const { props, data } = JSON.parse(json) as IslandScript;
  const Component = (await load()).default as ComponentType<object>;
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole island (a long task on a phone: total blocking time).
  startTransition(() => {
    hydrateRoot(
      root,
      <IslandRoot ui={ui} language={document.documentElement.lang || 'en'} data={{ ...data, receivedAt: Date.now() }}>
        <Live el={el}>
          <Component {...(props as object)} />
        </Live>
      </IslandRoot>,
      {
        identifierPrefix: el.dataset['id'] ?? '',
        onRecoverableError: reporter(name, 'hydration error'),
        onUncaughtError: reporter(name, 'uncaught error'),
        onCaughtError: reporter(name, 'caught error'),
      },
    );
  });
}

/** Runs `go` once the island's popover is open (at once when it already is). */
function whenOpened(el: HTMLElement, go: () => void): void {
  const popover = el.querySelector<HTMLElement>('[popover]');
  if (!popover || popover.matches(':popover-open')) return go();
  const opened = (e: Event): void => {
    if ((e as ToggleEvent).newState !== 'open') return;
    popover.removeEventListener('toggle', opened);
    go();
  };
  popover.addEventListener('toggle', opened);
}

/**
 * Hydrates every island of the page, each on its own (one failing leaves the others live); an island
 * that waits for its popover (the menu) when the popover first opens.
 */
export function hydrateIslands(): void {
  const ui = JSON.parse(document.getElementById(UI_TEXTS_ID)?.textContent ?? '{}') as UiTexts;
  for (const el of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)) {
    const name = el.getAttribute(ISLAND_ATTR) as IslandName;
    const go = (): void => void hydrateIsland(el, ui).catch(reporter(name, 'failed to load'));
    if (ISLAND_WHEN[name] === 'open') whenOpened(el, go);
    else go();
  }
}
