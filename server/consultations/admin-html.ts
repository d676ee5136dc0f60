import type { TextKey } from '../../engine/texts.ts';
import { escapeText } from '../../engine/shared/consultation.ts';
import { REQUEST_STATUSES, type RequestStatus } from '../db/database.ts';
import { languageName } from './language.ts';
import type { ConsultationSettings } from './settings.ts';
import type { StoredRequest } from './store.ts';
import { STAFF_FRAME_CSS, staffFrameHtml, type StaffFrame } from '../staff/html.ts';
import { COLORS } from '../../engine/shared/colors.ts';

const CSS = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:${COLORS.text};background:${COLORS.surface}}
main{max-width:1200px;margin:24px auto;padding:24px;box-sizing:border-box;background:#fff;border-radius:12px}
h1{font-family:Georgia,"Times New Roman",serif;margin:0 0 16px}nav{display:flex;gap:12px;flex-wrap:wrap;margin-bottom:16px}
nav a{color:${COLORS.brand};display:inline-flex;align-items:center;min-height:44px}nav a[aria-current=page]{font-weight:700;text-decoration:none}
.rows{overflow-x:auto}table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:8px;border-bottom:1px solid ${COLORS.border}}
td.message{white-space:pre-wrap;max-width:320px}form{display:inline}
button{font:inherit;min-height:44px;padding:4px 10px;border:1px solid ${COLORS.brand};border-radius:6px;background:#fff;color:${COLORS.brand};cursor:pointer;margin:2px 0}
:focus-visible{outline:3px solid ${COLORS.focus};outline-offset:2px}${STAFF_FRAME_CSS}`;

export const REQUESTS_PATH = '/admin/requests';

// The columns that hold what the visitor entered, named for staff (the form's labels speak to the
// visitor: 'Your name'). Staff tools are in English, as the language names are (languageName).
const VISITOR_COLUMNS = ['Name', 'Phone and e-mail', 'Place', 'Products', 'Best times', 'Message', 'Language'];

/**
 * The staff list of requests in the staff frame: filter links, export link, one row per request with
 * its mark buttons.
 */
export function requestsPageHtml(
  settings: ConsultationSettings,
  frame: StaffFrame,
  rows: readonly StoredRequest[],
  status: RequestStatus | undefined,
): string {
  const t = (key: TextKey): string => escapeText(settings.texts[key] ?? key);
  const link = (href: string, label: string, current: boolean): string =>
    `<a href="${href}"${current ? ' aria-current="page"' : ''}>${label}</a>`;
  const filters = [
    link(REQUESTS_PATH, t('staffAll'), status === undefined),
    ...REQUEST_STATUSES.map((s) => link(`${REQUESTS_PATH}?status=${s}`, t(`status-${s}`), status === s)),
    `<a href="${REQUESTS_PATH}.csv${status ? `?status=${status}` : ''}" download>${t('staffExport')}</a>`,
  ].join('');
  const label = (id: string): string => escapeText(settings.interests.find((i) => i.id === id)?.label ?? id);
  const mark = (row: StoredRequest, to: RequestStatus, key: TextKey): string =>
    row.status === to
      ? ''
      : `<form method="post" action="${REQUESTS_PATH}/${escapeText(row.id)}/status"><input type="hidden" name="status" value="${to}"><button type="submit">${t(key)}</button></form> `;
  // Stored text is already HTML-escaped (engine/shared/consultation.ts): it goes in as it is.
  const body = rows
    .map(
      (r) =>
        `<tr data-id="${escapeText(r.id)}"><td>${escapeText(r.created_at.slice(0, 16).replace('T', ' '))}</td><td>${t(`status-${r.status}`)}</td>` +
        `<td>${r.name}</td><td>${r.phone}<br>${r.email}</td><td>${r.place}</td><td>${r.products.split(',').map(label).join(', ')}</td>` +
        `<td>${r.times}</td><td class="message">${r.message}</td><td>${escapeText(languageName(r.language))}</td>` +
        `<td>${mark(r, 'contacted', 'markContacted')}${mark(r, 'done', 'markDone')}</td></tr>`,
    )
    .join('');
  const head = [t('staffReceived'), t('staffStatus'), ...VISITOR_COLUMNS, '']
    .map((label) => `<th scope="col">${label}</th>`)
    .join('');
  const table =
    rows.length === 0
      ? `<p>${t('staffEmpty')}</p>`
      : `<div class="rows"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">',
    `<title>${t('staffHeading')}</title><style>${CSS}</style></head>`,
    `<body>${staffFrameHtml(frame, REQUESTS_PATH)}<main id="main"><h1>${t('staffHeading')}</h1><nav aria-label="${t('staffHeading')}">${filters}</nav>${table}</main></body></html>`,
  ].join('');
}
