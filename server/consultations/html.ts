import type { TextKey } from '../../engine/texts.ts';
import type { CONSULTATION_FIELDS } from '../../engine/shared/consultation.ts';
import { randomUUID } from 'node:crypto';
import {
  escapeText,
  FORM_TOKEN_FIELD,
  formTokenOf,
  HONEYPOT_FIELD,
  LANGUAGE_FIELD,
  type ConsultationErrors,
} from '../../engine/shared/consultation.ts';
import type { ConsultationSettings } from './settings.ts';

/**
 * The consultation pages that work without JavaScript: the form again with a message beside each bad
 * field, and the thank-you page. Plain HTML in the site's colours, no script.
 */

const CSS = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1c2630;background:#f4f6f7}
main{max-width:640px;margin:6vh auto;padding:32px;background:#fff;border-radius:16px;box-shadow:0 8px 28px rgba(16,32,48,.16)}
h1{font-family:Georgia,"Times New Roman",serif;font-size:1.8rem;margin:0 0 12px}
p{margin:0 0 16px;color:#4f5d6b}
label,legend{display:block;font-weight:600;margin-bottom:6px}
input,textarea{box-sizing:border-box;width:100%;min-height:44px;font:inherit;padding:10px 12px;border:1px solid #d9e0e5;border-radius:6px}
fieldset{border:0;padding:0;margin:0}.field{margin-bottom:16px}
.check{display:flex;gap:8px;align-items:center;min-height:44px;margin:0;font-weight:400;cursor:pointer}
.check input{width:20px;height:20px;min-height:0;margin:0;flex-shrink:0;accent-color:#17465f}
.error{color:#a12a2a;font-weight:600;margin:4px 0 0}p.error[role=alert]{margin:0 0 16px}[aria-invalid=true]{border-color:#a12a2a}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
button{font:inherit;font-weight:600;min-height:44px;padding:10px 16px;border:0;border-radius:6px;background:#17465f;color:#fff;cursor:pointer}
a{color:#17465f}:focus-visible{outline:3px solid #1a73c7;outline-offset:2px}`;

const page = (language: string, title: string, body: string): string =>
  [
    `<!doctype html><html lang="${escapeText(language)}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeText(title)}</title><style>${CSS}</style></head>`,
    `<body><main>${body}</main></body></html>`,
  ].join('');

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : [str(v)]);

/** The form, filled with what was sent, with each field's message; `alert` is a page-level message text key. */
export function formPageHtml(
  settings: ConsultationSettings,
  values: Readonly<Record<string, unknown>>,
  errors: ConsultationErrors,
  alert?: TextKey,
): string {
  const t = (key: TextKey): string => escapeText(settings.texts[key] ?? '');
  const err = (field: (typeof CONSULTATION_FIELDS)[number]): string =>
    errors[field] ? `<p class="error" id="${field}-error">${escapeText(errors[field])}</p>` : '';
  const aria = (field: (typeof CONSULTATION_FIELDS)[number]): string =>
    errors[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : '';
  const input = (field: 'name' | 'phone' | 'email' | 'place' | 'times', type: string, autocomplete: string): string =>
    `<div class="field"><label for="${field}">${t(`${field}Label`)}</label>` +
    `<input id="${field}" name="${field}" type="${type}" autocomplete="${autocomplete}" value="${escapeText(str(values[field]))}"${aria(field)}>${err(field)}</div>`;
  const picked = list(values['products']);
  const interests = settings.interests
    .map(
      (i) =>
        `<label class="check"><input type="checkbox" name="products" value="${escapeText(i.id)}"${picked.includes(i.id) ? ' checked' : ''}> ${escapeText(i.label)}</label>`,
    )
    .join('');
  const consent = values['consent'] !== undefined;
  const body = [
    `<h1>${escapeText(settings.page.heading)}</h1>`,
    alert ? `<p class="error" role="alert">${t(alert)}</p>` : '',
    Object.keys(errors).length > 0 ? `<p class="error" role="alert">${t('errorTitle')}</p>` : '',
    `<form method="post" action="${escapeText(settings.page.path)}" novalidate>`,
    input('name', 'text', 'name'),
    input('phone', 'tel', 'tel'),
    input('email', 'email', 'email'),
    input('place', 'text', 'address-level2'),
    `<fieldset class="field"${aria('products')}><legend>${t('productsLabel')}</legend>${interests}${err('products')}</fieldset>`,
    input('times', 'text', 'off'),
    `<div class="field"><label for="message">${t('messageLabel')}</label><textarea id="message" name="message" rows="5"${aria('message')}>${escapeText(str(values['message']))}</textarea>${err('message')}</div>`,
    `<div class="trap" aria-hidden="true"><label for="${HONEYPOT_FIELD}">Website</label><input id="${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></div>`,
    `<div class="field"><label class="check"><input type="checkbox" name="consent" value="yes"${consent ? ' checked' : ''}${aria('consent')}> ${t('consentLabel')}</label>${err('consent')}</div>`,
    `<input type="hidden" name="${LANGUAGE_FIELD}" value="${escapeText(settings.language)}">`,
    // The view's token again: sending the corrected form stores one request however often it is sent.
    `<input type="hidden" name="${FORM_TOKEN_FIELD}" value="${escapeText(formTokenOf(values) ?? randomUUID())}">`,
    `<button type="submit">${t('submit')}</button>`,
    '</form>',
  ].join('');
  return page(settings.language, settings.page.meta.title || settings.page.heading, body);
}

/** The thank-you page after a request was stored, in the request's language, linking its home page. */
export function thankYouHtml(settings: ConsultationSettings): string {
  const t = (key: TextKey): string => escapeText(settings.texts[key] ?? '');
  const home = `<a href="${escapeText(settings.home)}">${escapeText(settings.siteName)}</a>`;
  return page(
    settings.language,
    settings.texts['thankYouTitle'] ?? '',
    `<h1>${t('thankYouTitle')}</h1><p role="status">${t('thankYouBody')}</p><p>${home}</p>`,
  );
}
