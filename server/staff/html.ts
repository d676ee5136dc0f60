import type { Page, TextKey } from '../../engine/index.ts';
import { jsonForScript } from '../../engine/shared/page.ts';
import { STAFF_API, STAFF_DATA_ID, STAFF_ROOT_ID, type StaffPayload } from '../../engine/shared/staff.ts';
import { COLORS } from '../../engine/shared/colors.ts';
import type { Permission } from '../../engine/shared/roles.ts';
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
  /** No owner yet: the form that creates the owner's account with the setup password. */
  readonly setup: boolean;
  /** A text key of the page to show as an alert ('wrongPassword', 'tooManyAttempts') or status ('signedOut'). */
  readonly alert?: TextKey;
  readonly status?: TextKey;
}

const input = (name: string, label: string, attrs: string): string =>
  `<label for="${name}">${label}</label><input id="${name}" name="${name}" ${attrs} required>`;

/** The fields of the sign-in form, or of the setup form (the first owner's account). */
function signInFields(t: (key: TextKey) => string, setup: boolean): string {
  const email = input('email', t('emailLabel'), 'type="email" autocomplete="username" autofocus');
  if (!setup)
    return [email, input('password', t('password'), 'type="password" autocomplete="current-password"')].join('');
  return [
    email,
    input('name', t('nameLabel'), 'type="text" autocomplete="name" maxlength="100"'),
    input('password', t('newPassword'), 'type="password" autocomplete="new-password" minlength="8"'),
    input('setupPassword', t('setupPassword'), 'type="password" autocomplete="off"'),
  ].join('');
}

/** The sign-in page: heading, intro, the alert or status line, and the e-mail and password form (or the setup form). */
export function signInHtml({ page, next, setup, alert, status }: SignInView): string {
  const t = (key: TextKey): string => escapeHtml(page.texts[key] ?? '');
  const action = `${page.path}${setup ? '/setup' : ''}?next=${encodeURIComponent(next)}`;
  return [
    head(page.meta.title || page.heading, `<style>${SIGN_IN_CSS}</style>`),
    '<body><main>',
    `<h1>${escapeHtml(page.heading)}</h1>`,
    `<p>${t(setup ? 'setupIntro' : 'intro')}</p>`,
    alert ? `<p class="alert" role="alert">${t(alert)}</p>` : '',
    status ? `<p class="status" role="status">${t(status)}</p>` : '',
    `<form method="post" action="${escapeHtml(action)}">`,
    signInFields(t, setup),
    `<button type="submit">${t(setup ? 'setupSubmit' : 'submit')}</button>`,
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

/**
 * What every staff page shows around its tool: the site's name, the links between the tools (each with
 * the permission it needs; a person sees those their role has), the person's name and sign-out.
 */
export interface StaffFrame extends Pick<StaffPayload, 'siteName' | 'signOutLabel' | 'personName'> {
  readonly tools: readonly { readonly path: string; readonly label: string; readonly permission: Permission }[];
}

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
    frame.personName ? `<span class="staff-person">${escapeHtml(frame.personName)}</span>` : '',
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
.staff-person{font-weight:600}.staff-top form{display:inline}.staff-top button{font:inherit;font-weight:600;min-height:44px;padding:8px 16px;border:1px solid ${COLORS.brand};border-radius:6px;background:#fff;color:${COLORS.brand};cursor:pointer}`;

/** The page a signed-in person gets for a staff page their role does not include (403), inside the staff frame. */
export function forbiddenHtml(frame: StaffFrame, text: string): string {
  return [
    head(
      frame.siteName,
      `<style>${STAFF_FRAME_CSS}main{max-width:720px;margin:32px auto;padding:0 24px;font-family:system-ui,sans-serif}</style>`,
    ),
    '<body>',
    staffFrameHtml(frame, ''),
    `<main id="main"><h1>403</h1><p role="alert">${escapeHtml(text)}</p></main>`,
    '</body></html>',
  ].join('');
}
