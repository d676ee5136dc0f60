import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Texts, TextKey } from '../../engine/index.ts';
import { notifyError, notifySuccess } from '../components/Toasts.tsx';
import { Button } from '../components/ui.tsx';
import {
  CONSULTATION_API,
  CONSULTATION_FIELDS,
  consultationOffer,
  HONEYPOT_FIELD,
  validateConsultation,
  type ConsultationErrors,
  type ConsultationField,
} from '../../engine/shared/consultation.ts';
import { styled } from '../styles/stitches.ts';

const Form = styled('form', {
  maxWidth: '640px',
  padding: '$6 0',
  '& label, & legend': { display: 'block', fontWeight: 600, marginBottom: '$1' },
  '& input:not([type=checkbox]), & textarea': {
    width: '100%',
    font: 'inherit',
    padding: '10px 12px',
    border: '1px solid $border',
    borderRadius: '$sm',
  },
  // As specific as the rule above, and after it: a wrong field's border turns red.
  '& input[aria-invalid=true], & textarea[aria-invalid=true]': { borderColor: '$danger' },
  '& fieldset': { border: 0, padding: 0, margin: '0 0 $4' },
});
const Field = styled('div', { marginBottom: '$4' });
const Thanks = styled('div', { padding: '$6 0' });
// A whole row is the tap target (44 px high at least), the box itself 20 px.
const Check = styled('label', {
  display: 'flex !important',
  gap: '$2',
  alignItems: 'center',
  minHeight: '44px',
  marginBottom: '0 !important',
  fontWeight: '400 !important',
  cursor: 'pointer',
  '& input': { width: '20px', height: '20px', margin: 0, flexShrink: 0, accentColor: '$brand' },
});
const ErrorText = styled('p', { color: '$danger', fontWeight: 600, margin: '$1 0 0' });
// Off-screen, not display:none: some bots skip hidden fields.
const Trap = styled('div', { position: 'absolute', left: '-10000px', width: '1px', height: '1px', overflow: 'hidden' });

type Values = Record<string, string | string[] | boolean>;

export interface ConsultationIslandProps {
  /** The page's path: the form posts there without a script. */
  readonly path: string;
  /** The page's texts: labels, messages, the products offered (`interest-<category>`, see consultationOffer). */
  readonly texts: Texts;
}

/**
 * The consultation request form. Without JavaScript it is a plain POST to the page's path (the server
 * answers with a thank-you or the form with messages); with it, the shared rules check each field as
 * it is left, the request goes as JSON, and a toast confirms.
 */
export default function ConsultationIsland({ path, texts }: ConsultationIslandProps) {
  const t = (key: TextKey): string => texts[key] ?? '';
  // What the page offers, as the server sees it: it validates and mails with the same offer.
  const offer = consultationOffer({ texts });
  const { interests } = offer;
  const [values, setValues] = useState<Values>({ products: [] });
  const [serverErrors, setServerErrors] = useState<ConsultationErrors>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  const check = (next: Values, fields: ReadonlySet<string>): ConsultationErrors => {
    const result = validateConsultation(next, offer);
    const all = result.ok ? {} : result.errors;
    return Object.fromEntries(Object.entries(all).filter(([f]) => fields.has(f)));
  };
  // The messages of the fields left so far: derived, so a late mark never undoes a newer one.
  const errors: ConsultationErrors = { ...check(values, touched), ...serverErrors };
  const set = (field: string, value: string | string[] | boolean): void => {
    setValues({ ...values, [field]: value });
    setServerErrors({});
  };

  // A message that appears when a field is left by pressing another control pushes that control down
  // between the press and the release, and the click (Submit, a checkbox) is lost. A field left by a
  // press is therefore checked once the press's click is over.
  const pressed = useRef(false);
  const waiting = useRef<(() => void)[]>([]);
  useEffect(() => {
    const down = (): void => {
      pressed.current = true;
    };
    const up = (): void => {
      setTimeout(() => {
        pressed.current = false;
        for (const mark of waiting.current.splice(0)) mark();
      });
    };
    window.addEventListener('mousedown', down, true);
    window.addEventListener('mouseup', up, true);
    return () => {
      window.removeEventListener('mousedown', down, true);
      window.removeEventListener('mouseup', up, true);
    };
  }, []);
  const leave = (field: string): void => {
    const mark = (): void => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
    if (pressed.current) waiting.current.push(mark);
    else mark();
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const form = event.currentTarget;
    const honeypot = new FormData(form).get(HONEYPOT_FIELD);
    const all = new Set<string>(CONSULTATION_FIELDS);
    setTouched(all);
    const found = check(values, all);
    const first = CONSULTATION_FIELDS.find((f) => found[f]);
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      const res = await fetch(CONSULTATION_API, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...values,
          consent: values['consent'] === true ? 'yes' : '',
          [HONEYPOT_FIELD]: honeypot ?? '',
        }),
      });
      const body = (await res.json().catch(() => ({}))) as {
        message?: string;
        error?: string;
        errors?: ConsultationErrors;
      };
      if (res.ok) {
        setDone(true);
        notifySuccess(body.message ?? t('thankYouBody'));
      } else {
        if (body.errors) setServerErrors(body.errors);
        notifyError(body.error ?? t('failed'));
      }
    } catch {
      notifyError(t('failed'));
    } finally {
      setSending(false);
    }
  };

  const err = (field: ConsultationField) =>
    errors[field] ? <ErrorText id={`${field}-error`}>{errors[field]}</ErrorText> : null;
  const aria = (field: ConsultationField) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${field}-error` } : {};
  const text = (field: 'name' | 'phone' | 'email' | 'place' | 'times', type: string, autoComplete: string) => (
    <Field>
      <label htmlFor={field}>{t(`${field}Label`)}</label>
      <input
        id={field}
        name={field}
        type={type}
        autoComplete={autoComplete}
        value={typeof values[field] === 'string' ? values[field] : ''}
        onChange={(e) => set(field, e.target.value)}
        onBlur={() => leave(field)}
        {...aria(field)}
      />
      {err(field)}
    </Field>
  );
  const picked = Array.isArray(values['products']) ? values['products'] : [];

  return done ? (
    <Thanks role="status">
      <h2>{t('thankYouTitle')}</h2>
      <p>{t('thankYouBody')}</p>
    </Thanks>
  ) : (
    <Form method="post" action={path} noValidate onSubmit={(e: FormEvent<HTMLFormElement>) => void submit(e)}>
      {text('name', 'text', 'name')}
      {text('phone', 'tel', 'tel')}
      {text('email', 'email', 'email')}
      {text('place', 'text', 'address-level2')}
      <Field as="fieldset" {...aria('products')}>
        <legend>{t('productsLabel')}</legend>
        {interests.map((i) => (
          <Check key={i.id}>
            <input
              type="checkbox"
              name="products"
              value={i.id}
              checked={picked.includes(i.id)}
              onChange={(e) => {
                set('products', e.target.checked ? [...picked, i.id] : picked.filter((p) => p !== i.id));
                leave('products');
              }}
            />
            {i.label}
          </Check>
        ))}
        {err('products')}
      </Field>
      {text('times', 'text', 'off')}
      <Field>
        <label htmlFor="message">{t('messageLabel')}</label>
        <textarea
          id="message"
          name="message"
          rows={5}
          value={typeof values['message'] === 'string' ? values['message'] : ''}
          onChange={(e) => set('message', e.target.value)}
          onBlur={() => leave('message')}
          {...aria('message')}
        />
        {err('message')}
      </Field>
      <Trap aria-hidden="true">
        <label htmlFor={HONEYPOT_FIELD}>Website</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </Trap>
      <Field>
        <Check>
          <input
            type="checkbox"
            name="consent"
            value="yes"
            checked={values['consent'] === true}
            onChange={(e) => {
              set('consent', e.target.checked);
              leave('consent');
            }}
            {...aria('consent')}
          />
          {t('consentLabel')}
        </Check>
        {err('consent')}
      </Field>
      <Button type="submit" disabled={sending}>
        {sending ? t('sending') : t('submit')}
      </Button>
    </Form>
  );
}
