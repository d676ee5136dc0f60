/** Values of the runtime placeholders of a page: {n} {name} {type} {mediaType} {mediaTypeLabel}. */
export type Vars = Readonly<Record<string, string | number | undefined>>;

const PLACEHOLDER = /\{([A-Za-z]\w*)(\|lower)?\}/g;

/** Fills the placeholders of `text` that `vars` knows; unknown ones stay as written. */
export function fillText(text: string, vars: Vars): string {
  if (!text.includes('{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string, lower?: string) => {
    const v = vars[name];
    if (v === undefined) return whole;
    return lower ? String(v).toLowerCase() : String(v);
  });
}
