import type { ServerResponse } from 'node:http';

/**
 * The catalogue of the server's error answers (the engine's is `engine/errors.ts`). Each entry has a
 * stable name (the key), a `title`, the HTTP `status` it answers with, a `message` built from its
 * arguments (what is wrong and why) and, where there is one, a `hint` (what to do). The text sent is
 * the message followed by the hint; no "Error:" prefix, never an internal detail. Every error answer
 * of the server is one of these entries, sent by `answerError` (a new answer is a new entry).
 *
 * Texts staff edit (wrong password, too many attempts, file too large, the consultation form's) live
 * in the manifest: their entries take that text as their argument, named after its manifest key.
 * Entries whose argument is `detail` pass on another party's words: the body parser's or the static
 * file server's (a malformed body, a range outside a file), or a media store's refusal.
 */

interface Entry<A> {
  readonly title: string;
  readonly status: number;
  readonly message: (args: A) => string;
  readonly hint?: string;
}

type None = Record<string, never>;
const entry = <A = None>(e: Entry<A>): Entry<A> => e;

const EXPORT_AGAIN = 'Export it again and upload the copy.';
const TRY_AGAIN_SOON = 'Please try again in a moment.';

export const serverErrors = {
  // Any route
  ApiNotFound: entry({ title: 'Unknown API path', status: 404, message: () => 'No such API endpoint.' }),
  Internal: entry({
    title: 'Server fault',
    status: 500,
    message: () => 'Something went wrong on the server.',
    hint: 'Please try again.',
  }),
  BadRequest: entry({ title: 'Bad request', status: 400, message: () => 'Bad request.' }),
  RequestMalformed: entry<{ detail: string }>({
    title: 'Malformed request',
    status: 400,
    message: ({ detail }) => detail,
  }),
  PreconditionFailed: entry<{ detail: string }>({
    title: 'Precondition failed',
    status: 412,
    message: ({ detail }) => detail,
  }),
  BodyTooLarge: entry<{ detail: string }>({ title: 'Body too large', status: 413, message: ({ detail }) => detail }),
  BodyUnsupported: entry<{ detail: string }>({
    title: 'Body encoding not accepted',
    status: 415,
    message: ({ detail }) => detail,
  }),
  RangeRefused: entry<{ detail: string }>({
    title: 'Range refused by the file server',
    status: 416,
    message: ({ detail }) => detail,
  }),
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

  // Pages
  PagePathMissing: entry({ title: 'No page path', status: 400, message: () => 'Give the page path as ?path=/...' }),
  NoPage: entry({ title: 'Unknown page', status: 404, message: () => 'No page at this path.' }),
  PageDataFailed: entry({
    title: 'Page data unavailable',
    status: 503,
    message: () => 'Part of this page could not be read from the media storage; the page shows its error text.',
    hint: TRY_AGAIN_SOON,
  }),
  SiteNotBuilt: entry({
    title: 'Site not built',
    status: 503,
    message: () => 'The site is not built yet:',
    hint: 'run `npm run build`.',
  }),
  SiteUpdating: entry({
    title: 'No valid manifest yet',
    status: 503,
    message: () => 'The site is being updated, try again in a minute.',
  }),

  // Operations (server/ops/): readiness for a load balancer, the metrics port
  NotReady: entry<{ why: string }>({
    title: 'Server not ready',
    status: 503,
    message: ({ why }) => `This server should get no traffic now: ${why}.`,
    hint: 'The checks in this answer say more.',
  }),
  NotMetrics: entry({
    title: 'Not the metrics path',
    status: 404,
    message: () => 'This port answers GET /metrics only.',
  }),
  VitalsRefused: entry<{ why: string }>({
    title: 'Web Vitals report refused',
    status: 400,
    message: ({ why }) => `This Web Vitals report was not counted: ${why}.`,
    hint: "The site's own reporter sends { route, language, width, metrics } as its pages give them.",
  }),
  TooManyVitals: entry({
    title: 'Too many Web Vitals reports',
    status: 429,
    message: () => 'This server takes no more Web Vitals reports this second; this one was not counted.',
  }),

  // The media store
  StoreUnreachable: entry({
    title: 'Media storage unreachable',
    status: 503,
    message: () => 'The media storage could not be reached.',
    hint: TRY_AGAIN_SOON,
  }),
  StoreAnsweredBadly: entry({
    title: 'Media storage answered badly',
    status: 502,
    message: () => 'The media storage could not be reached.',
    hint: TRY_AGAIN_SOON,
  }),
  StoreBusy: entry({
    title: 'Media storage rate limit',
    status: 503,
    message: () => 'The media storage is busy right now.',
    hint: 'Please try again in a minute.',
  }),
  StoreNotFound: entry<{ detail: string }>({
    title: 'Not in the media storage',
    status: 404,
    message: ({ detail }) => detail,
  }),
  StoreRefused: entry<{ detail: string }>({
    title: 'Refused by the media storage',
    status: 400,
    message: ({ detail }) => detail,
  }),
  StoreFull: entry<{ detail: string }>({
    title: 'No room in the media storage',
    status: 507,
    message: ({ detail }) => detail,
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
  DriveNotFound: entry<{ subject: string }>({
    title: 'Not on Google Drive',
    status: 404,
    message: ({ subject }) => `${subject} was not found on Google Drive.`,
  }),
  DriveRangeOutside: entry<{ subject: string }>({
    title: 'Range outside a Drive file',
    status: 400,
    message: ({ subject }) => `The range asked of ${subject} is outside the file.`,
  }),
  NoDriveStorage: entry({
    title: 'No Drive storage (not a Shared Drive)',
    status: 507,
    message: () => 'Google Drive refused to store it because a service account has no storage of its own.',
    hint: "Move the site's Drive folder (the one DRIVE_ROOT_FOLDER_ID names, which holds 'Site Images') onto a Shared Drive, add the service account to that Shared Drive as a Content manager, then try again.",
  }),

  // Media files, thumbnails, images, videos
  RangeNotSatisfiable: entry<{ size: number | undefined }>({
    title: 'Range outside the file',
    status: 416,
    message: ({ size }) => `Range not satisfiable: the file has ${size} bytes.`,
  }),
  InvalidThumbFileId: entry({ title: 'Malformed thumbnail file id', status: 400, message: () => 'Invalid file id.' }),
  InvalidVersion: entry({ title: 'Malformed version', status: 400, message: () => 'Invalid version.' }),
  UnknownThumbSize: entry<{ sizes: string }>({
    title: 'Unknown thumbnail size',
    status: 400,
    message: ({ sizes }) => `Unknown size: use ${sizes}.`,
  }),
  NoThumbnail: entry({ title: 'No thumbnail', status: 404, message: () => 'This file has no thumbnail.' }),
  UnreadableImage: entry({
    title: 'Unreadable image',
    status: 422,
    message: () => 'This image file cannot be read; it may be damaged.',
  }),
  UnreadableRendition: entry({
    title: 'Unreadable slot or default image',
    status: 422,
    message: () => 'This image cannot be read.',
  }),
  NoImage: entry({ title: 'Unknown image', status: 404, message: () => 'No such image.' }),
  NoSlotImage: entry({ title: 'Unknown slot image', status: 404, message: () => 'No such slot image.' }),
  NoDefaultImage: entry({ title: 'Unknown default image', status: 404, message: () => 'No such default image.' }),
  VideoNotReady: entry({
    title: 'Video not converted yet',
    status: 404,
    message: () => 'This video is not ready to play yet.',
  }),

  // Staff: sign-in, origin, folder setup
  SignInFirst: entry({ title: 'Staff session needed', status: 401, message: () => 'Sign in as staff first.' }),
  NotYourRole: entry({
    title: 'Not in your role',
    status: 403,
    message: () => 'Your role does not include this.',
    hint: 'Ask an admin if you need it.',
  }),
  PersonExists: entry({
    title: 'Person exists',
    status: 409,
    message: () => 'Someone already has an account with that e-mail.',
    hint: 'Change their role instead.',
  }),
  NoPerson: entry({ title: 'No such person', status: 404, message: () => 'No one has an account with that e-mail.' }),
  LastOwner: entry({
    title: 'Last owner',
    status: 409,
    message: () => 'This is the last active owner; the site always keeps one.',
    hint: 'Make someone else an owner first.',
  }),
  SetupDone: entry({
    title: 'Setup password used',
    status: 410,
    message: () => "The owner's account exists; the setup password no longer works.",
    hint: 'Sign in with your e-mail and password.',
  }),
  WeakPassword: entry<{ weakPassword: string }>({
    title: 'Password refused',
    status: 422,
    message: ({ weakPassword }) => weakPassword,
  }),
  WrongPassword: entry<{ wrongPassword: string }>({
    title: 'Wrong staff password',
    status: 401,
    message: ({ wrongPassword }) => wrongPassword,
  }),
  TooManySignIns: entry<{ tooManyAttempts: string }>({
    title: 'Too many sign-in attempts',
    status: 429,
    message: ({ tooManyAttempts }) => tooManyAttempts,
  }),
  CrossSite: entry({ title: 'Cross-site write', status: 403, message: () => 'Cross-site requests are refused.' }),
  NoOrigin: entry({
    title: 'Write without Origin',
    status: 403,
    message: () => 'Requests that say neither Origin nor Referer are refused:',
    hint: 'send the Origin header of this site.',
  }),
  UnknownFolderPath: entry<{ path: string }>({
    title: 'Folder path not in the checklist',
    status: 400,
    message: ({ path }) => `Unknown folder path '${path}':`,
    hint: 'use a path of the checklist.',
  }),

  // Staff: slot image uploads
  UploadTooLarge: entry<{ tooLarge: string }>({
    title: 'Upload too large',
    status: 413,
    message: ({ tooLarge }) => tooLarge,
  }),
  UploadMalformed: entry({
    title: 'Upload form malformed',
    status: 400,
    message: () => 'Send one image file in the form field "image" and the slot id in "productId".',
  }),
  UploadWithoutFile: entry({
    title: 'Upload without a file',
    status: 400,
    message: () => 'Send the image file in the form field "image".',
  }),
  UnknownSlotId: entry<{ id: string }>({
    title: 'Unknown slot or product id',
    status: 400,
    message: ({ id }) => `Unknown slot or product id '${id}':`,
    hint: 'use an id the manifest declares.',
  }),
  NotAnImage: entry({
    title: 'Not an accepted image',
    status: 415,
    message: () => 'This file is not a JPEG, PNG, WebP, AVIF or GIF image.',
    hint: 'Choose a photo in one of those formats.',
  }),
  ImageHeaderUnreadable: entry({
    title: 'Image header unreadable',
    status: 415,
    message: () => 'This file starts like an image but its header cannot be read, so it is not a usable image.',
    hint: EXPORT_AGAIN,
  }),
  UnreadableHeic: entry({
    title: 'HEIC that cannot be decoded',
    status: 415,
    message: () => 'This image file cannot be read; it may be damaged.',
    hint: EXPORT_AGAIN,
  }),
  TooManyFrames: entry<{ frames: string; most: number }>({
    title: 'Too many animation frames',
    status: 413,
    message: ({ frames, most }) => `This animation has ${frames} frames; the most is ${most}.`,
    hint: 'Shorten it, or upload a still image.',
  }),
  AnimationTooLarge: entry<{ frames: string; width: number; height: number; total: string; most: string }>({
    title: 'Animation too large',
    status: 413,
    message: ({ frames, width, height, total, most }) =>
      `This animation is too large: ${frames} frames of ${width} x ${height} pixels make ${total} in all; the most is ${most}.`,
    hint: 'Make it smaller or shorter, or upload a still image.',
  }),
  ImageTooLarge: entry<{ width: number; height: number; total: string; most: string }>({
    title: 'Image too large',
    status: 413,
    message: ({ width, height, total, most }) =>
      `This image is too large: ${width} x ${height} pixels (${total}); the most is ${most}.`,
    hint: 'Resize it (for example to 6000 pixels on the longer side) and upload it again.',
  }),
  UnreadableUpload: entry({
    title: 'Upload pixels cannot be decoded',
    status: 422,
    message: () => 'This image file cannot be read; it may be damaged.',
    hint: EXPORT_AGAIN,
  }),

  // The manifest editor's API (server/manifest/)
  ManifestFilesMalformed: entry({
    title: 'Manifest files malformed',
    status: 400,
    message: () =>
      'Send the manifest as files: a list of { name, text }, each name a .yaml file of the manifest folder (no sub-folders), each once.',
  }),
  ManifestBaseMissing: entry({
    title: 'Base version missing',
    status: 400,
    message: () => 'Say which version the edit started from: baseVersion, a whole number (0 before the first).',
  }),
  ManifestProblems: entry<{ count: string }>({
    title: 'Manifest has problems',
    status: 422,
    message: ({ count }) => `The manifest has ${count} problem(s); nothing was published.`,
    hint: 'Each problem names its file, line and column: correct them and publish again.',
  }),
  ManifestPageFails: entry<{ path: string; error: string }>({
    title: 'Manifest page cannot be shown',
    status: 422,
    message: ({ path, error }) => `The page ${path} of this version cannot be shown (${error}); nothing was published.`,
    hint: 'Preview the draft and open that page; correct what it shows and publish again.',
  }),
  ManifestMoved: entry<{ base: string; live: string }>({
    title: 'Manifest published meanwhile',
    status: 409,
    message: ({ base, live }) =>
      `Version ${live} was published after version ${base}, the one this edit started from; nothing was published.`,
    hint: 'Compare your files with the live version, merge your changes into it, and publish again.',
  }),
  ManifestTooLarge: entry<{ size: string; most: string }>({
    title: 'Manifest too large',
    status: 413,
    message: ({ size, most }) => `The manifest's files hold ${size}; a version may hold at most ${most}.`,
    hint: 'Remove what the site does not use; the README lists what a manifest may hold.',
  }),
  ManifestBusy: entry<{ seconds: number }>({
    title: 'Manifest check running',
    status: 429,
    message: () => 'This server is checking another manifest (a check, a preview or a publish) right now.',
    hint: 'Please try again in a few seconds.',
  }),
  ManifestCheckTooLong: entry<{ seconds: string }>({
    title: 'Manifest check too long',
    status: 422,
    message: ({ seconds }) =>
      `Checking this manifest took longer than ${seconds} s, the most a check may take, so it was stopped; nothing was kept.`,
    hint: 'Make it smaller (fewer family members or pages); the README lists what a manifest may hold.',
  }),
  ManifestCheckTooLarge: entry<{ megabytes: string }>({
    title: 'Manifest check out of memory',
    status: 422,
    message: ({ megabytes }) =>
      `Checking this manifest needed more than ${megabytes} MB of memory, the most a check may use, so it was stopped; nothing was kept.`,
    hint: 'Make it smaller (fewer family members or pages); the README lists what a manifest may hold.',
  }),
  ManifestCheckFailed: entry({
    title: 'Manifest check stopped',
    status: 500,
    message: () => 'The manifest check stopped before it finished; nothing was kept.',
    hint: 'Please try again; if it stops again, the server log says why.',
  }),
  NoPreview: entry({
    title: 'No such preview',
    status: 404,
    message: () => 'This preview is not kept any more (previews are kept two days).',
    hint: 'Preview the draft again from the Manifest Editor.',
  }),
  NoManifestVersion: entry<{ number: string }>({
    title: 'No such manifest version',
    status: 404,
    message: ({ number }) => `There is no manifest version ${number}.`,
  }),
  TranslationsMoved: entry<{ base: string; live: string }>({
    title: 'Manifest published meanwhile',
    status: 409,
    message: ({ base, live }) =>
      `Version ${live} was published after version ${base}, the one the translations were read from; nothing was marked.`,
  }),
  TranslationTargetUnknown: entry<{ target: string }>({
    title: 'Nothing to mark by that name',
    status: 404,
    message: ({ target }) => `There is no page or text key '${target}' whose translations could be marked as reviewed.`,
    hint: "Name a page by its path (/pergolas), a key as the status prints it (ui.menu), 'shared' or 'all'.",
  }),

  // Consultation requests
  ConsultationSpam: entry<{ spam: string }>({
    title: 'Consultation honeypot filled',
    status: 400,
    message: ({ spam }) => spam,
  }),
  ConsultationInvalid: entry<{ errorTitle: string }>({
    title: 'Consultation fields invalid',
    status: 422,
    message: ({ errorTitle }) => errorTitle,
  }),
  TooManyConsultations: entry<{ tooMany: string }>({
    title: 'Too many consultation requests',
    status: 429,
    message: ({ tooMany }) => tooMany,
  }),
  ConsultationNotStored: entry<{ failed: string }>({
    title: 'Consultation not stored',
    status: 503,
    message: ({ failed }) => failed,
  }),
  InvalidRequestStatus: entry<{ statuses: string }>({
    title: 'Unknown request status',
    status: 400,
    message: ({ statuses }) => `status must be one of ${statuses}.`,
  }),
  NoRequest: entry({ title: 'Unknown consultation request', status: 404, message: () => 'No such request.' }),
} as const;

export type ServerErrorName = keyof typeof serverErrors;
type ArgsOf<N extends ServerErrorName> = (typeof serverErrors)[N] extends Entry<infer A> ? A : never;
type ArgsParam<N extends ServerErrorName> = ArgsOf<N> extends None ? [] : [args: ArgsOf<N>];

/** One error answer: a catalogue entry with its arguments (and, for a 503, when to ask again). */
export type ErrorAnswer = {
  readonly [N in ServerErrorName]: { readonly name: N; readonly args: ArgsOf<N>; readonly retryAfterS?: number };
}[ServerErrorName];

/** The answer of an entry. */
export function errorAnswer<N extends ServerErrorName>(name: N, ...[args]: ArgsParam<N>): ErrorAnswer {
  return { name, args: args ?? {} } as ErrorAnswer;
}

/** The text of an answer: its message, then its hint. */
export function answerText(answer: ErrorAnswer): string {
  const e = serverErrors[answer.name] as Entry<unknown>;
  const message = e.message(answer.args);
  return e.hint ? `${message} ${e.hint}` : message;
}

/** The text of an error: its message, then its hint. */
export const errorText = <N extends ServerErrorName>(name: N, ...args: ArgsParam<N>): string =>
  answerText(errorAnswer(name, ...args));

/** The HTTP status of an error. */
export const errorStatus = (name: ServerErrorName): number => serverErrors[name].status;

/** Retry-After (seconds) of a 503 when nothing gave a better figure. */
export const RETRY_AFTER_S = 5;

/** The status, text and headers an answer is sent with (pure). Nothing keeps an error; a 503 says when to ask again. */
export function describeAnswer(answer: ErrorAnswer): {
  status: number;
  text: string;
  headers: Readonly<Record<string, string>>;
} {
  const status = serverErrors[answer.name].status;
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (status === 503) headers['Retry-After'] = String(answer.retryAfterS ?? RETRY_AFTER_S);
  return { status, text: answerText(answer), headers };
}

/**
 * Headers a route may have set for the content it meant to send; an error answer drops them (and
 * `CDN-Cache-Control`: a CDN rule for the content it replaced must not apply to the error).
 */
const HEADERS_OF_CONTENT = [
  'Content-Type',
  'ETag',
  'Content-Disposition',
  'Content-Range',
  'Content-Length',
  'Accept-Ranges',
  'Vary',
  'CDN-Cache-Control',
];

export interface AnswerOptions {
  /**
   * The body: `{ error }` JSON by default; `json` builds another JSON shape around the text, `html`
   * is a page that shows the text itself (a form posted without JavaScript), `text` is plain text.
   */
  readonly body?: { readonly json: (error: string) => object } | { readonly html: string } | 'text';
  /** Headers this answer needs besides the catalogue's (e.g. the Content-Range of a 416). */
  readonly headers?: Readonly<Record<string, string>>;
}

const bodyOf = (body: AnswerOptions['body'], text: string): [type: string, body: string] => {
  if (body === 'text') return ['text/plain; charset=utf-8', text];
  if (body && 'html' in body) return ['text/html; charset=utf-8', body.html];
  return ['application/json; charset=utf-8', JSON.stringify(body ? body.json(text) : { error: text })];
};

/**
 * The one way the server answers an error: the entry's status, `Cache-Control: no-store` (and
 * `Retry-After` on a 503), no header of the content it replaces, and the body (no ETag: an error
 * is never revalidated). Node's response API only, so that answers made before Express (no valid
 * manifest yet, readiness) are made the same way.
 */
export function answerError(res: ServerResponse, answer: ErrorAnswer, options: AnswerOptions = {}): void {
  const { status, text, headers } = describeAnswer(answer);
  for (const name of HEADERS_OF_CONTENT) res.removeHeader(name);
  res.statusCode = status;
  for (const [name, value] of Object.entries({ ...headers, ...options.headers })) res.setHeader(name, value);
  const [type, body] = bodyOf(options.body, text);
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** Answers the error as `{ error }` JSON. */
export function sendError<N extends ServerErrorName>(res: ServerResponse, name: N, ...args: ArgsParam<N>): void {
  answerError(res, errorAnswer(name, ...args));
}

/** The same as plain text (for page requests, where JSON would mean nothing to a person). */
export function sendErrorText<N extends ServerErrorName>(res: ServerResponse, name: N, ...args: ArgsParam<N>): void {
  answerError(res, errorAnswer(name, ...args), { body: 'text' });
}
