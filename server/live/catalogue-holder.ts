import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Catalogue } from '../../engine/index.ts';

/** What serves requests for one catalogue: the Express app built from it (an HTTP request listener). */
export type SiteHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Generation {
  readonly catalogue: Catalogue;
  readonly handler: SiteHandler;
  /** 1 for the first catalogue served, +1 per reload. */
  readonly number: number;
}

/**
 * The catalogue the server is serving, swappable while it runs. Each request is handed to the handler
 * current when it arrives and finishes there: a swap never changes a request half-way (its page, its
 * API answer and its caches belong to one catalogue), and requests after the swap see the new one.
 * Until a first catalogue is swapped in (the manifest was invalid at start), `waiting` answers.
 */
export class CatalogueHolder {
  #current: Generation | undefined;
  readonly #waiting: SiteHandler;

  constructor(
    first: { readonly catalogue: Catalogue; readonly handler: SiteHandler } | undefined,
    waiting: SiteHandler,
  ) {
    this.#current = first && { ...first, number: 1 };
    this.#waiting = waiting;
  }

  /** The generation being served; undefined while no valid manifest has been read since the start. */
  get current(): Generation | undefined {
    return this.#current;
  }

  /** Serves the next requests from `handler` (built from `catalogue`). One assignment: atomic. */
  swap(catalogue: Catalogue, handler: SiteHandler): Generation {
    this.#current = { catalogue, handler, number: (this.#current?.number ?? 0) + 1 };
    return this.#current;
  }

  /** The request listener for `http.createServer`: reads the holder per request. */
  readonly handle: SiteHandler = (req, res) => (this.#current?.handler ?? this.#waiting)(req, res);
}
