/**
 * The consultation form's rules: pure functions that the server and the browser both call, so the
 * form, the inline messages, the server's answer and the staff mail never disagree. What a page offers
 * (`consultationOffer`) and its mail settings come from its texts; messages are its texts
 * (`<field>Error`), never written here.
 */

import type { Texts } from '../texts.ts';

/** The form's fields, in order. `website` is the honeypot: people never see it, bots fill it in. */
export const CONSULTATION_FIELDS = [
  'name',
  'phone',
  'email',
  'place',
  'products',
  'times',
  'message',
  'consent',
] as const;
export type ConsultationField = (typeof CONSULTATION_FIELDS)[number];
export const HONEYPOT_FIELD = 'website';

/**
 * Beside the fields, the language the visitor read the form in (a code of `site.languages`): the
 * server checks and answers the request in it and stores it with the request for staff.
 */
export const LANGUAGE_FIELD = 'language';

/**
 * The form view's token: one per page view, so that the same view sending the same fields twice (a
 * reload, a double click, a retry) stores one request. The page is rendered with `FORM_TOKEN_SLOT`
 * as its value, which the server replaces with a new token in each answer.
 */
export const FORM_TOKEN_FIELD = 'token';
export const FORM_TOKEN_SLOT = 'form-token-slot';
const FORM_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** The token a request carries, when it is one (anything else is no token: the request still counts). */
export function formTokenOf(raw: Readonly<Record<string, unknown>>): string | undefined {
  const token = raw[FORM_TOKEN_FIELD];
  return typeof token === 'string' && FORM_TOKEN.test(token) && token !== FORM_TOKEN_SLOT ? token : undefined;
}

/** The address a plain form post is sent on to once stored (Post/Redirect/Get): the page's path and this. */
export const SENT_SUFFIX = '/sent';

/** The form's values as the visitor set them (the products a list, consent a checkbox). */
export type FormValues = Record<string, string | string[] | boolean>;

/** A page-level message of a refused plain post: a text key of the page. */
export type FormAlert = 'tooMany' | 'spam' | 'failed';

/**
 * The answer to a plain form post (no script), shown in the consultation page itself: sent (the
 * thank-you), or the form again with what was sent, a message at each wrong field and perhaps one
 * above the form.
 */
export type FormAnswer =
  | { readonly sent: true }
  | { readonly values: FormValues; readonly errors: ConsultationErrors; readonly alert?: FormAlert };

/** The form's values in what a form sent: its fields only, text as sent, products a list, consent a yes or no. */
export function formValuesOf(raw: Readonly<Record<string, unknown>>): FormValues {
  const values: FormValues = { products: list(raw['products']), consent: consentGiven(raw['consent']) };
  for (const field of CONSULTATION_FIELDS) {
    const value = raw[field];
    if (typeof value === 'string' && field !== 'products' && field !== 'consent') values[field] = value;
  }
  return values;
}

/** The JSON endpoint the form posts to when JavaScript runs. */
export const CONSULTATION_API = '/api/consultations';

/** Lengths in characters (after trimming). */
export const LIMITS = {
  name: { min: 2, max: 100 },
  phone: { min: 7, max: 30 },
  email: { max: 254 },
  place: { min: 2, max: 100 },
  times: { max: 200 },
  message: { max: 2000 },
} as const;

/** A request as the visitor wrote it, checked, trimmed and HTML-escaped: safe to store and to show. */
export interface ConsultationRequestInput {
  readonly name: string;
  readonly phone: string;
  readonly email: string;
  readonly place: string;
  /** Catalogue category ids. */
  readonly products: readonly string[];
  readonly times: string;
  readonly message: string;
}

export type ConsultationErrors = Partial<Record<ConsultationField, string>>;

export type ConsultationResult =
  | { readonly ok: true; readonly value: ConsultationRequestInput }
  | { readonly ok: false; readonly errors: ConsultationErrors };

export interface ConsultationRules {
  /** Category ids a visitor may pick. */
  readonly categories: readonly string[];
  /** The page's texts: `nameError`, `phoneError`, ... */
  readonly texts: Texts;
}

/** A product category a consultation page offers, with the label visitors pick. */
export interface Interest {
  readonly id: string;
  readonly label: string;
}

/** What a consultation page offers and checks each request against. */
export interface ConsultationOffer extends ConsultationRules {
  /** In the order of the page's texts, the order the form shows them in. */
  readonly interests: readonly Interest[];
}

/** A text `interest-<category id>: <label>` offers that category. */
const INTEREST = 'interest-';

/**
 * What a consultation page offers: each `interest-<category>` text with a label. The form shows these
 * and checks with them, and the server validates and mails with them; the engine's checker makes sure
 * each names a category of the catalogue and that there is at least one.
 */
export function consultationOffer(page: { readonly texts: Texts }): ConsultationOffer {
  const interests = Object.entries(page.texts).flatMap(([key, label]) =>
    key.startsWith(INTEREST) && label ? [{ id: key.slice(INTEREST.length), label }] : [],
  );
  return { interests, categories: interests.map((i) => i.id), texts: page.texts };
}

/** The placeholders a consultation page's `mailSubject` may use: the visitor's name and the site's. */
export const MAIL_SUBJECT_VARS = ['name', 'site'] as const;

/** The subject of the request mails when the page gives no `mailSubject`. */
const DEFAULT_MAIL_SUBJECT = '{site}: {name}';

/** A consultation page's mail settings, from its texts. */
export interface ConsultationMail {
  /** Who gets a mail for each request (text `notify`, addresses separated by commas). */
  readonly notify: readonly string[];
  /** The mails' sender (text `mailFrom`). */
  readonly from: string;
  /** The subject, `{name}` and `{site}` still in (text `mailSubject`). */
  readonly subject: string;
}

/** The mail settings of a consultation page, from its texts (the checker makes sure they are usable). */
export function consultationMail(texts: Texts): ConsultationMail {
  return {
    notify: (texts['notify'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    from: (texts['mailFrom'] ?? '').trim(),
    subject: texts['mailSubject'] ?? DEFAULT_MAIL_SUBJECT,
  };
}

/** Whether a manifest text is usable as a mail address (the checker's test of `notify` and `mailFrom`). */
export const isMailAddress = (s: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes the five HTML-special characters: stored text is safe inside any HTML element or attribute. */
export const escapeText = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** The text a visitor typed, for plain-text uses (mail bodies, CSV). */
export const unescapeText = (s: string): string =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );

// Control characters other than tab and newline, which a form never needs.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

const clean = (v: unknown, multiline = false): string => {
  if (typeof v !== 'string') return '';
  const s = v.replace(CONTROL, '').replace(/\r\n?/g, '\n');
  return (multiline ? s : s.replace(/\s+/g, ' ')).trim();
};

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[A-Za-z]{2,}$/;
// Digits with the usual separators; 7 to 15 digits (E.164 allows 15).
const PHONE = /^\+?[\d\s().-]+$/;

const lengthOk = (s: string, { min = 0, max }: { min?: number; max: number }): boolean =>
  s.length >= min && s.length <= max;

const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v]).filter((x): x is string => typeof x === 'string');

const consentGiven = (v: unknown): boolean => v === true || v === 'on' || v === 'yes' || v === 'true';

/** Whether a submission filled in the honeypot (then it is spam, whatever else it says). */
export const isHoneypotFilled = (raw: Readonly<Record<string, unknown>>): boolean =>
  typeof raw[HONEYPOT_FIELD] === 'string' ? raw[HONEYPOT_FIELD].trim() !== '' : raw[HONEYPOT_FIELD] !== undefined;

/** Checks one submission (form fields or JSON) and returns the clean request or a message per bad field. */
export function validateConsultation(
  raw: Readonly<Record<string, unknown>>,
  rules: ConsultationRules,
): ConsultationResult {
  const name = clean(raw['name']);
  const phone = clean(raw['phone']);
  const email = clean(raw['email']);
  const place = clean(raw['place']);
  const times = clean(raw['times']);
  const message = clean(raw['message'], true);
  const products = [...new Set(list(raw['products']).map((p) => p.trim()))];
  const digits = phone.replace(/\D/g, '').length;

  const bad: Record<ConsultationField, boolean> = {
    name: !lengthOk(name, LIMITS.name),
    phone: !lengthOk(phone, LIMITS.phone) || !PHONE.test(phone) || digits < 7 || digits > 15,
    email: !lengthOk(email, LIMITS.email) || !EMAIL.test(email),
    place: !lengthOk(place, LIMITS.place),
    products: products.length === 0 || products.some((p) => !rules.categories.includes(p)),
    times: !lengthOk(times, LIMITS.times),
    message: !lengthOk(message, LIMITS.message),
    consent: !consentGiven(raw['consent']),
  };
  const errors: ConsultationErrors = {};
  for (const field of CONSULTATION_FIELDS) {
    if (bad[field]) errors[field] = rules.texts[`${field}Error`] ?? field;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name: escapeText(name),
      phone: escapeText(phone),
      email: escapeText(email),
      place: escapeText(place),
      products,
      times: escapeText(times),
      message: escapeText(message),
    },
  };
}
