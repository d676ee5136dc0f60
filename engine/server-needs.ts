import { problem, type Place, type Problem } from './errors.ts';
import type { Expanded } from './expand.ts';
import type { Origin } from './families.ts';
import {
  isManifestEditor,
  isSignIn,
  isStaffTool,
  kindOf,
  needsSignIn,
  PAGE_KINDS,
  takesRequests,
  type PageKind,
} from './kinds.ts';
import type { Page } from './model.ts';
import { unknowable, type Unread } from './partial.ts';
import { RUNTIME_PLACEHOLDERS, templateUses } from './placeholders.ts';
import { consultationMail, consultationOffer, isMailAddress, MAIL_SUBJECT_VARS } from './shared/consultation.ts';
import type { DataPath, ParsedManifest } from './source.ts';
import { suggest } from './suggest.ts';
import type { TextKey } from './texts.ts';
import type { PageInput } from './types.ts';

/**
 * What the server needs of the manifest to serve it, checked with everything else so that the server
 * checks nothing at start or per request: what a consultation page offers (each `interest-<category>`
 * a category of the products, at least one) and its mail settings (`notify` and `mailFrom` e-mail
 * addresses, `mailSubject` with only the placeholders a mail fills), a sign-in page wherever staff
 * must sign in, and the manifest editor wherever there are staff tools (so that no publish locks staff
 * out of the page that undoes it). Its required texts are the kinds table's (checks.ts).
 */
export function checkServerNeeds(x: Expanded, m: ParsedManifest, unread: Unread): Problem[] {
  const found: Problem[] = [];
  const { catalogue: c, pageOrigins } = x;
  const categories = [...new Set(c.products.map((p) => p.category))];
  c.pages.forEach((page, i) => {
    const o = pageOrigins[i];
    if (!o || page.id.includes('@') || !takesRequests(page.kind)) return;
    const at = textPlace(page, o, m);
    const { interests } = consultationOffer(page);
    if (!unknowable(unread, 'product')) {
      for (const { id } of interests) {
        if (categories.includes(id)) continue;
        const key = `interest-${id}`;
        const args = { key, category: id, suggestion: suggest(id, categories), categories };
        found.push(problem('UnknownInterest', args, at(key, { key: true })));
      }
    }
    if (interests.length === 0 && !unknowable(unread, 'page text'))
      found.push(problem('NoInterests', { path: page.path, categories }, m.locate(o.at(['texts']))));
    const mail = consultationMail(page.texts);
    // Missing texts are the kinds table's (MissingPageText); present ones must be usable.
    if (page.texts['notify']) {
      const bad = mail.notify.length === 0 ? [page.texts['notify']] : mail.notify.filter((a) => !isMailAddress(a));
      for (const value of bad) found.push(problem('NotMailAddress', { key: 'notify', value }, at('notify')));
    }
    if (page.texts['mailFrom'] && !isMailAddress(mail.from))
      found.push(problem('NotMailAddress', { key: 'mailFrom', value: mail.from }, at('mailFrom')));
    const allowed: readonly string[] = MAIL_SUBJECT_VARS;
    // A placeholder no page fills at all is reported with the page's other leftovers (checks.ts).
    for (const name of templateUses(page.texts['mailSubject'] ?? '').keys()) {
      if (!allowed.includes(name) && RUNTIME_PLACEHOLDERS.has(name))
        found.push(problem('UnknownPlaceholder', { key: 'mailSubject', name, allowed }, at('mailSubject')));
    }
  });
  if (!unknowable(unread, 'route')) {
    checkSignIn(x, m, found);
    checkManifestEditor(x, m, found);
  }
  return found;
}

/**
 * Where a text of a page is written: in the page's own texts, else in `pageDefaults` of its kind
 * (family pages point at their member).
 */
function textPlace(page: Page, o: Origin<PageInput>, m: ParsedManifest) {
  return (key: string, opts?: { key?: boolean }): Place => {
    const own = o.value.texts?.[key as TextKey] !== undefined;
    const defaults = m.data['pageDefaults'] as Record<string, Record<string, unknown> | undefined> | undefined;
    const path: DataPath =
      own || defaults?.[page.kind]?.[key] === undefined ? o.at(['texts', key]) : ['pageDefaults', page.kind, key];
    return m.locate(path, opts);
  };
}

/** Staff tools and the consultation page's requests list need a page to sign in on. */
function checkSignIn(x: Expanded, m: ParsedManifest, found: Problem[]): void {
  const { pages } = x.catalogue;
  // A sign-in page the schema set aside still counts: its own mistake is reported.
  if (pages.some((p) => isSignIn(p.kind)) || writtenKinds(m.data).some(isSignIn)) return;
  const i = pages.findIndex((p) => needsSignIn(p.kind));
  const page = pages[i];
  const o = x.pageOrigins[i];
  if (!page || !o) return;
  const what = kindOf(page.kind).session
    ? `The ${page.kind} page '${page.path}'`
    : `The requests list of the ${page.kind} page '${page.path}'`;
  found.push(problem('MissingSignIn', { what }, m.locate(o.at(['kind']))));
}

/** Staff tools need the manifest editor beside them: reported once, at the first staff tool. */
function checkManifestEditor(x: Expanded, m: ParsedManifest, found: Problem[]): void {
  const { pages } = x.catalogue;
  if (pages.some((p) => isManifestEditor(p.kind)) || writtenKinds(m.data).some(isManifestEditor)) return;
  const i = pages.findIndex((p) => isStaffTool(p.kind));
  const page = pages[i];
  const o = x.pageOrigins[i];
  if (!page || !o) return;
  found.push(
    problem('MissingManifestEditor', { what: `The ${page.kind} page '${page.path}'` }, m.locate(o.at(['kind']))),
  );
}

/** The page kinds the manifest's pages and family page templates name, as written. */
function writtenKinds(data: Readonly<Record<string, unknown>>): PageKind[] {
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  const kindOfRaw = (p: unknown): unknown => (p && typeof p === 'object' ? (p as { kind?: unknown }).kind : undefined);
  const families = list(data['families']).flatMap((f) =>
    list(f && typeof f === 'object' ? (f as { pages?: unknown }).pages : undefined),
  );
  return [...list(data['pages']), ...families]
    .map(kindOfRaw)
    .filter((k): k is PageKind => PAGE_KINDS.some((kind) => kind === k));
}
