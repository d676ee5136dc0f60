import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Texts, TextKey } from '../../engine/index.ts';
import {
  CONSULTATION_FIELDS,
  consultationOffer,
  FORM_TOKEN_FIELD,
  formTokenOf,
  HONEYPOT_FIELD,
  validateConsultation,
  type ConsultationErrors,
  type FormAnswer,
  type FormValues,
} from '../../engine/shared/consultation.ts';
import { useLanguage } from '../app/context.ts';
import { notifyError, notifySuccess } from '../components/Toasts.tsx';
import { readForm, sendConsultation } from './send.ts';
import { useAfterPress } from './useAfterPress.ts';

const newToken = (): string => crypto.randomUUID();

/** What the form's fields read and call. */
export interface FormFields {
  readonly values: FormValues;
  /** The messages of the fields left so far, and the server's. */
  readonly errors: ConsultationErrors;
  /** A field was left: its message shows from now on. */
  readonly leave: (field: string) => void;
  readonly t: (key: TextKey) => string;
}

/**
 * The consultation form's state: the values, the shared rules' messages of the fields left so far
 * (and the server's, in the page's language too), sending and sent. The fields are uncontrolled: the
 * values are read from the form (`readForm`) when the island hydrates, at every change and at submit,
 * so whatever the visitor entered before the script was live is adopted, never reset. Submit checks
 * every field, puts the focus on the first wrong one, else sends the request as JSON; a toast
 * confirms or says what failed.
 */
export function useConsultationForm(texts: Texts, answer?: FormAnswer) {
  const t = (key: TextKey): string => texts[key] ?? '';
  // The page's language: the server checks, answers and stores the request in it.
  const language = useLanguage();
  // What the page offers, as the server sees it: it validates and mails with the same offer.
  const offer = consultationOffer({ texts });
  // A plain post's answer (no script) starts the form where the server left it: sent, or its values and messages.
  const refused = answer && !('sent' in answer) ? answer : undefined;
  const [values, setValues] = useState<FormValues>(refused?.values ?? { products: [] });
  const [serverErrors, setServerErrors] = useState<ConsultationErrors>(refused?.errors ?? {});
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set(Object.keys(refused?.errors ?? {})));
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(answer !== undefined && 'sent' in answer);
  const afterPress = useAfterPress();
  const formRef = useRef<HTMLFormElement>(null);
  const ownToken = useRef<string | undefined>(undefined);
  // Adopts what the fields hold when the island hydrates.
  useEffect(() => {
    if (formRef.current) setValues(readForm(formRef.current));
  }, []);

  const check = (next: FormValues, fields: ReadonlySet<string>): ConsultationErrors => {
    const result = validateConsultation(next, offer);
    const all = result.ok ? {} : result.errors;
    return Object.fromEntries(Object.entries(all).filter(([f]) => fields.has(f)));
  };
  // The messages of the fields left so far: derived, so a late mark never undoes a newer one.
  const errors: ConsultationErrors = { ...check(values, touched), ...serverErrors };
  /** A field changed: the values are the form's again. */
  const changed = (event: FormEvent<HTMLFormElement>): void => {
    setValues(readForm(event.currentTarget));
    setServerErrors({});
  };
  const leave = (field: string): void =>
    afterPress(() => setTouched((t) => (t.has(field) ? t : new Set(t).add(field))));

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const honeypot = data.get(HONEYPOT_FIELD);
    // The page's token; a page sent without one (never by the server) gets one for this view.
    const token = formTokenOf({ [FORM_TOKEN_FIELD]: data.get(FORM_TOKEN_FIELD) }) ?? (ownToken.current ??= newToken());
    const current = readForm(form);
    setValues(current);
    const all = new Set<string>(CONSULTATION_FIELDS);
    setTouched(all);
    const found = check(current, all);
    const first = CONSULTATION_FIELDS.find((f) => found[f]);
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      const reply = await sendConsultation(current, honeypot, language, token);
      if (reply.ok) {
        setDone(true);
        notifySuccess(reply.message ?? t('thankYouBody'));
      } else {
        if (reply.errors) setServerErrors(reply.errors);
        notifyError(reply.error ?? t('failed'));
      }
    } catch {
      notifyError(t('failed'));
    } finally {
      setSending(false);
    }
  };

  const fields: FormFields = { values, errors, leave, t };
  return { fields, interests: offer.interests, formRef, changed, submit, sending, done };
}
