import { describe, expect, it } from 'vitest';
import {
  CONSULTATION_API,
  consultationOffer,
  escapeText,
  isHoneypotFilled,
  unescapeText,
  validateConsultation,
  type ConsultationField,
} from '../../engine/shared/consultation.ts';
import { csvCell } from './csv.ts';
import { languageLine, languageName, requestLanguage } from './language.ts';
import { settingsFromPage, settingsIn } from './settings.ts';
import { testSettings } from '../../testing/consultations/settings.ts';

const rules = testSettings();
const good = {
  name: 'Ann Lee',
  phone: '555 010 2000',
  email: 'ann@example.com',
  place: 'SW1A 1AA',
  products: 'screens',
  consent: 'on',
};

describe('consultation rules', () => {
  it('accepts a good request, trims it and escapes HTML', () => {
    const r = validateConsultation({ ...good, name: '  Ann   <i>Lee</i> ', message: 'Line 1\r\nLine 2 & more' }, rules);
    expect(r).toEqual({
      ok: true,
      value: expect.objectContaining({
        name: 'Ann &lt;i&gt;Lee&lt;/i&gt;',
        products: ['screens'],
        message: 'Line 1\nLine 2 &amp; more',
      }),
    });
  });

  it.each([
    ['phone', '12345'],
    ['phone', 'call me maybe'],
    ['phone', '1234567890123456'],
    ['email', 'ann@'],
    ['email', 'ann example.com'],
    ['name', 'A'],
    ['place', ''],
    ['products', 'sofas'],
    ['products', ''],
    ['consent', ''],
  ])('gives %s its message for %j', (field, value) => {
    const r = validateConsultation({ ...good, [field]: value }, rules);
    expect(r).toEqual({ ok: false, errors: { [field]: rules.texts[`${field as ConsultationField}Error`] } });
  });

  it('round-trips escaping and spots the honeypot', () => {
    const s = `<a href="x">Tom & 'Jo'</a>`;
    expect(unescapeText(escapeText(s))).toBe(s);
    expect(isHoneypotFilled({ website: '' })).toBe(false);
    expect(isHoneypotFilled({ website: 'x' })).toBe(true);
  });

  it('keeps spreadsheets from running visitor text as formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('a,b')).toBe('"a,b"');
  });

  it("takes what the page's texts offer, as the form does (one consultationOffer; the checker vets the texts)", () => {
    const page = { ...rules.page, texts: { ...rules.texts, 'interest-sofas': 'Sofas' } };
    const settings = settingsFromPage(page, 'X');
    expect(settings.interests).toEqual(consultationOffer(page).interests);
    expect(settings.interests.at(-1)).toEqual({ id: 'sofas', label: 'Sofas' });
    expect(validateConsultation({ ...good, products: 'sofas' }, settings).ok).toBe(true);
  });

  it("takes a request's language from what it sends, else from the page it was posted to, else the default", () => {
    const page = rules.page;
    const es = settingsFromPage({ ...page, path: '/es/consultation' }, 'X', { language: 'es', home: '/es' });
    const settings = settingsFromPage(page, 'X', { language: 'en', translations: { es } });
    expect(requestLanguage({ language: 'es' }, CONSULTATION_API, settings)).toBe('es');
    expect(requestLanguage({ language: 'es' }, page.path, settings)).toBe('es');
    expect(requestLanguage({}, '/es/consultation', settings)).toBe('es');
    expect(requestLanguage({ language: 'fr' }, CONSULTATION_API, settings)).toBe('en');
    expect(requestLanguage({ language: ['es'] }, CONSULTATION_API, settings)).toBe('en');
    expect(requestLanguage({}, page.path, settings)).toBe('en');
    expect(settingsIn(settings, 'es')).toBe(es);
    expect(settingsIn(settings, 'fr')).toBe(settings);
  });

  it('names a language in English for staff, and keeps a code it does not know', () => {
    expect(languageName('es')).toBe('Spanish');
    expect(languageName('en')).toBe('English');
    expect(languageName('pt-BR')).toBe('Brazilian Portuguese');
    expect(languageName('zz')).toBe('zz');
    expect(languageLine('es')).toBe('Language: Spanish (es) — reply in Spanish');
  });
});
