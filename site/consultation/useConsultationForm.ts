import { useState, type FormEvent } from 'react';
import type { Texts, TextKey } from '../../engine/index.ts';
import {
  CONSULTATION_FIELDS,
  consultationOffer,
  HONEYPOT_FIELD,
  validateConsultation,
  type ConsultationErrors,
} from '../../engine/shared/consultation.ts';
import { useLanguage } from '../app/context.ts';
import { notifyError, notifySuccess } from '../components/Toasts.tsx';
import { sendConsultation, type Values } from './send.ts';
import { useAfterPress } from './useAfterPress.ts';

/** What the form's fields read and call. */
export interface FormFields {
  readonly values: Values;
  /** The messages of the fields left so far, and the server's. */
  readonly errors: ConsultationErrors;
  readonly set: (field: string, value: string | string[] | boolean) => void;
  /** A field was left: its message shows from now on. */
  readonly leave: (field: string) => void;
  readonly t: (key: TextKey) => string;
}

/**
 * The consultation form's state: the values, the shared rules' messages of the fields left so far
 * (and the server's, in the page's language too), sending and sent. Submit checks every field, puts the focus on the first wrong
 * one, else sends the request as JSON; a toast confirms or says what failed.
 */
export function useConsultationForm(texts: Texts) {
  const t = (key: TextKey): string => texts[key] ?? '';
  // The page's language: the server checks, answers and stores the request in it.
  const language = useLanguage();
  // What the page offers, as the server sees it: it validates and mails with the same offer.
  const offer = consultationOffer({ texts });
  const [values, setValues] = useState<Values>({ products: [] });
  const [serverErrors, setServerErrors] = useState<ConsultationErrors>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const afterPress = useAfterPress();

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
  const leave = (field: string): void =>
    afterPress(() => setTouched((t) => (t.has(field) ? t : new Set(t).add(field))));

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
      const answer = await sendConsultation(values, honeypot, language);
      if (answer.ok) {
        setDone(true);
        notifySuccess(answer.message ?? t('thankYouBody'));
      } else {
        if (answer.errors) setServerErrors(answer.errors);
        notifyError(answer.error ?? t('failed'));
      }
    } catch {
      notifyError(t('failed'));
    } finally {
      setSending(false);
    }
  };

  const fields: FormFields = { values, errors, set, leave, t };
  return { fields, interests: offer.interests, submit, sending, done };
}
