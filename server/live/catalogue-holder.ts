import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Catalogue } from '../../engine/index.ts';

/** What serves requests for one catalogue: the Express app built from it (an HTTP request listener). */
export type SiteHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Generation {
  readonly catalogue: Catalogue;
  readonly handler: SiteHandler;
  /** 1 for the catalogue the server started with, +1 per reload. */
  readonly number: number;
}

/**
 * The catalogue the server is serving, swappable while it runs. Each request is handed to the handler
 * current when it arrives and finishes there: a swap never changes a request half-way (its page, its
 * API answer and its caches belong to one catalogue), and requests after the swap see the new one.
 */
export class CatalogueHolder {
  #current: Generation;

  constructor(catalogue: Catalogue, handler: SiteHandler) {
    this.#current = { catalogue, handler, number: 1 };
  }

  get current(): Generation {
    return this.#current;
  }

  /** Serves the next requests from `handler` (built from `catalogue`). One assignment: atomic. */
  swap(catalogue: Catalogue, handler: SiteHandler): Generation {
    this.#current = { catalogue, handler, number: this.#current.number + 1 };
    return this.#current;
  }

  /** The request listener for `http.createServer`: reads the holder per request. */
  readonly handle: SiteHandler = (req, res) => this.#current.handler(req, res);
}
