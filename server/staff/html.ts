import type { Page, TextKey } from '../../engine/index.ts';
import { jsonForScript } from '../../engine/shared/page.ts';
import { STAFF_API, STAFF_DATA_ID, STAFF_ROOT_ID, type StaffPayload } from '../../engine/shared/staff.ts';
import { COLORS } from '../../engine/shared/colors.ts';
import { FAVICON_SVG } from '../middleware/favicon.ts';

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

// The site's icon inline, so that browsers do not ask for /favicon.ico (a 404 in the console).
const FAVICON = `data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}`;

const head = (title: string, extra = ''): string =>
  [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<link rel="icon" href="${FAVICON}">`,
    `<title>${escapeHtml(title)}</title>`,
    extra,
    '</head>',
  ].join('');

// The sign-in page is plain HTML: it works without JavaScript and loads no staff code before sign-in.
const SIGN_IN_CSS = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:${COLORS.text};background:${COLORS.surface}}
main{max-width:420px;margin:12vh auto;padding:32px;background:#fff;border-radius:16px;box-shadow:0 8px 28px rgba(16,32,48,.16)}
h1{font-family:Georgia,"Times New Roman",serif;font-size:1.8rem;margin:0 0 12px}
p{margin:0 0 16px;color:${COLORS.muted}}
label{display:block;font-weight:600;margin-bottom:6px}
input{box-sizing:border-box;width:100%;font:inherit;padding:10px 12px;border:1px solid ${COLORS.border};border-radius:6px;margin-bottom:16px}
button{font:inherit;font-weight:600;width:100%;padding:10px 16px;border:0;border-radius:6px;background:${COLORS.brand};color:#fff;cursor:pointer}
button:hover{background:${COLORS.brandHover}}
:focus-visible{outline:3px solid ${COLORS.focus};outline-offset:2px}
.alert{color:${COLORS.danger};font-weight:600}.status{color:${COLORS.brand};font-weight:600}`;

export interface SignInView {
  readonly page: Page;
  readonly next: string;
  /** A text key of the page to show as an alert ('wrongPassword', 'tooManyAttempts') or status ('signedOut'). */
  readonly alert?: TextKey;
  readonly status?: TextKey;
}

/** The sign-in page: heading, intro, the alert or status line, and the password form. */
export function signInHtml({ page, next, alert, status }: SignInView): string {
  const t = (key: TextKey): string => escapeHtml(page.texts[key] ?? '');
  const action = `${page.path}?next=${encodeURIComponent(next)}`;
  return [
    head(page.meta.title || page.heading, `<style>${SIGN_IN_CSS}</style>`),
    '<body><main>',
    `<h1>${escapeHtml(page.heading)}</h1>`,
    `<p>${t('intro')}</p>`,
    alert ? `<p class="alert" role="alert">${t(alert)}</p>` : '',
    status ? `<p class="status" role="status">${t(status)}</p>` : '',
    `<form method="post" action="${escapeHtml(action)}">`,
    // Lets password managers file the password under one name (no visible text).
    '<input type="text" name="username" value="staff" autocomplete="username" hidden>',
    `<label for="password">${t('password')}</label>`,
    '<input id="password" name="password" type="password" autocomplete="current-password" required autofocus>',
    `<button type="submit">${t('submit')}</button>`,
    '</form></main></body></html>',
  ].join('');
}

/** A staff tool's document: its data and the staff bundle, which renders the page in the browser. */
export function staffDocumentHtml(
  payload: StaffPayload,
  assets: { readonly entry: string; readonly css: readonly string[] },
): string {
  const links = assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  return [
    head(payload.title, links),
    '<body>',
    `<div id="${STAFF_ROOT_ID}"><h1>${escapeHtml(payload.heading)}</h1></div>`,
    `<script type="application/json" id="${STAFF_DATA_ID}">${jsonForScript(payload)}</script>`,
    `<script type="module" src="${escapeHtml(assets.entry)}"></script>`,
    '</body></html>',
  ].join('');
}

/** What every staff page shows around its tool: the site's name, the links between the tools, sign-out. */
export type StaffFrame = Pick<StaffPayload, 'siteName' | 'tools' | 'signOutLabel'>;

/**
 * The staff frame of a page the server writes itself (the requests list): the staff app's header
 * (site/staff/Layout.tsx) as plain HTML, with its styles (`STAFF_FRAME_CSS`). `current` is the page's path.
 */
export function staffFrameHtml(frame: StaffFrame, current: string): string {
  const links = frame.tools
    .map(
      (t) =>
        `<a href="${escapeHtml(t.path)}"${t.path === current ? ' aria-current="page"' : ''}>${escapeHtml(t.label)}</a>`,
    )
    .join('');
  return [
    '<header class="staff-top">',
    `<a class="staff-name" href="/">${escapeHtml(frame.siteName)}</a>`,
    `<nav class="staff-tools">${links}</nav>`,
    `<form method="post" action="${STAFF_API.signOut}"><button type="submit">${escapeHtml(frame.signOutLabel)}</button></form>`,
    '</header>',
  ].join('');
}

export const STAFF_FRAME_CSS = `
.staff-top{display:flex;flex-wrap:wrap;align-items:center;gap:16px;padding:12px 24px;background:${COLORS.brand};color:#fff}
.staff-name{color:#fff;font-weight:700;text-decoration:none;margin-right:auto}
.staff-tools{display:flex;flex-wrap:wrap;column-gap:16px;row-gap:8px}
.staff-tools a{color:#fff;text-decoration:none;opacity:.85;display:inline-flex;align-items:center;min-height:44px}
.staff-tools a[aria-current=page]{opacity:1;text-decoration:underline;text-underline-offset:6px}
.staff-top form{display:inline}.staff-top button{font:inherit;font-weight:600;min-height:44px;padding:8px 16px;border:1px solid ${COLORS.brand};border-radius:6px;background:#fff;color:${COLORS.brand};cursor:pointer}`;
