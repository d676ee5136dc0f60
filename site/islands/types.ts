import type { ComponentType } from 'react';
import type { IslandName } from '../../engine/shared/islands.ts';
import type { DataState } from '../app/context.ts';
import type { ConsultationIslandProps } from './consultation.island.tsx';
import type { DialogIslandProps } from './dialog.island.tsx';
import type { GalleryIslandProps } from './gallery.island.tsx';
import type { MenuIslandProps } from './menu.island.tsx';

/** Each island's props: what the server puts in its JSON script, all it knows in the browser. */
export interface IslandProps {
  readonly menu: MenuIslandProps;
  readonly gallery: GalleryIslandProps;
  readonly dialog: DialogIslandProps;
  readonly consultation: ConsultationIslandProps;
}

/** An island module: `<name>.island.tsx`, its component the default export. */
export interface IslandModule<N extends IslandName = IslandName> {
  readonly default: ComponentType<IslandProps[N]>;
}

/** The JSON script of one island: its props and the data its swr keys start with. */
export interface IslandScript<N extends IslandName = IslandName> {
  readonly props: IslandProps[N];
  readonly data: Omit<DataState, 'receivedAt'>;
}

/** The island module files, by name (`./gallery.island.tsx` -> `gallery`). */
export const islandNameOf = (file: string): string => file.replace(/^.*\//, '').replace(/\.island\.tsx$/, '');
