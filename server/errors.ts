import type { Response } from 'express';

/**
 * The catalogue of the server's error answers (the engine's is `engine/errors.ts`). Each entry has a
 * stable name (the key), a `title`, the HTTP `status` it answers with, a `message` built from its
 * arguments (what is wrong and why) and, where there is one, a `hint` (what to do). The text sent is
 * the message followed by the hint; no "Error:" prefix, never an internal detail.
 * Texts staff edit (wrong password, too many attempts, file too large) live in the manifest instead.
 */

interface Entry<A> {
  readonly title: string;
  readonly status: number;
  readonly message: (args: A) => string;
  readonly hint?: string;
}

type None = Record<string, never>;
const entry = <A = None>(e: Entry<A>): Entry<A> => e;

export const serverErrors = {
  ApiNotFound: entry({ title: 'Unknown API path', status: 404, message: () => 'No such API endpoint.' }),
  StoreUnreachable: entry({
    title: 'Media storage unreachable',
    status: 503,
    message: () => 'The media storage could not be reached.',
    hint: 'Please try again in a moment.',
  }),
  StoreAnsweredBadly: entry({
    title: 'Media storage answered badly',
    status: 502,
    message: () => 'The media storage could not be reached.',
    hint: 'Please try again in a moment.',
  }),
  StoreBusy: entry({
    title: 'Media storage rate limit',
    status: 503,
    message: () => 'The media storage is busy right now.',
    hint: 'Please try again in a minute.',
  }),
  Internal: entry({
    title: 'Server fault',
    status: 500,
    message: () => 'Something went wrong on the server.',
    hint: 'Please try again.',
  }),
  BadRequest: entry({ title: 'Bad request', status: 400, message: () => 'Bad request.' }),
  InvalidId: entry<{ name: string }>({
    title: 'Malformed id',
    status: 400,
    message: ({ name }) => `Invalid ${name}: ids are 1 to 128 letters, digits, '-' or '_'.`,
  }),
  InvalidFilter: entry<{ key: string }>({
    title: 'Malformed filter',
    status: 400,
    message: ({ key }) => `Invalid ${key}: give it once, as text.`,
  }),
  TooManyRefreshes: entry({
    title: 'Too many refreshes',
    status: 429,
    message: () => 'Too many refreshes: wait a minute and try again.',
  }),
  PagePathMissing: entry({ title: 'No page path', status: 400, message: () => 'Give the page path as ?path=/...' }),
  NoPage: entry({ title: 'Unknown page', status: 404, message: () => 'No page at this path.' }),
  SiteNotBuilt: entry({
    title: 'Site not built',
    status: 503,
    message: () => 'The site is not built yet:',
    hint: 'run `npm run build`.',
  }),
  RangeNotSatisfiable: entry<{ size: number | undefined }>({
    title: 'Range outside the file',
    status: 416,
    message: ({ size }) => `Range not satisfiable: the file has ${size} bytes.`,
  }),
  NoFolder: entry<{ id: string }>({
    title: 'Unknown folder',
    status: 404,
    message: ({ id }) => `No folder with id ${id}.`,
  }),
  NoMediaFolder: entry<{ id: string }>({
    title: 'Unknown media folder',
    status: 404,
    message: ({ id }) => `No media folder with id ${id}.`,
  }),
  NoFile: entry<{ id: string }>({ title: 'Unknown file', status: 404, message: ({ id }) => `No file with id ${id}.` }),
  NoEntry: entry<{ type: string; id: string }>({
    title: 'Unknown file or folder',
    status: 404,
    message: ({ type, id }) => `No ${type} with id ${id}.`,
  }),
  NoAggregatedType: entry<{ type: string }>({
    title: 'Unknown media type',
    status: 404,
    message: ({ type }) => `No aggregated media type '${type}'.`,
  }),
  InvalidFolderPath: entry<{ path: string }>({
    title: 'Malformed folder path',
    status: 400,
    message: ({ path }) => `Not a valid folder path: '${path}'.`,
  }),
  SignInFirst: entry({ title: 'Staff session needed', status: 401, message: () => 'Sign in as staff first.' }),
  CrossSite: entry({ title: 'Cross-site write', status: 403, message: () => 'Cross-site requests are refused.' }),
  NoOrigin: entry({
    title: 'Write without Origin',
    status: 403,
    message: () => 'Requests that say neither Origin nor Referer are refused:',
    hint: 'send the Origin header of this site.',
  }),
  NoSlotImage: entry({ title: 'Unknown slot image', status: 404, message: () => 'No such slot image.' }),
  UnknownFolderPath: entry<{ path: string }>({
    title: 'Folder path not in the checklist',
    status: 400,
    message: ({ path }) => `Unknown folder path '${path}':`,
    hint: 'use a path of the checklist.',
  }),
  ManifestInvalid: entry({
    title: 'Invalid manifest at start',
    status: 500,
    message: () => 'The manifest is invalid:',
    hint: 'run `npm run check` for the list of problems.',
  }),
} as const;

export type ServerErrorName = keyof typeof serverErrors;
type ArgsOf<N extends ServerErrorName> = (typeof serverErrors)[N] extends Entry<infer A> ? A : never;
type ArgsParam<N extends ServerErrorName> = ArgsOf<N> extends None ? [] : [args: ArgsOf<N>];

/** The text of an error: its message, then its hint. */
export function errorText<N extends ServerErrorName>(name: N, ...[args]: ArgsParam<N>): string {
  const e = serverErrors[name] as Entry<ArgsOf<N> | None>;
  const message = e.message((args ?? {}) as ArgsOf<N>);
  return e.hint ? `${message} ${e.hint}` : message;
}

/** The HTTP status of an error. */
export const errorStatus = (name: ServerErrorName): number => serverErrors[name].status;

/** Answers the error as `{ error }` JSON that no cache keeps. */
export function sendError<N extends ServerErrorName>(res: Response, name: N, ...args: ArgsParam<N>): void {
  res
    .status(errorStatus(name))
    .setHeader('Cache-Control', 'no-store')
    .json({ error: errorText(name, ...args) });
}

/** The same as plain text (for page requests, where JSON would mean nothing to a person). */
export function sendErrorText<N extends ServerErrorName>(res: Response, name: N, ...args: ArgsParam<N>): void {
  res
    .status(errorStatus(name))
    .type('text/plain')
    .setHeader('Cache-Control', 'no-store')
    .send(errorText(name, ...args));
}
