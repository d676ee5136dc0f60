import {
  CONSULTATION_API,
  HONEYPOT_FIELD,
  LANGUAGE_FIELD,
  type ConsultationErrors,
} from '../../engine/shared/consultation.ts';

/** The form's values as the visitor set them (the products a list, consent a checkbox). */
export type Values = Record<string, string | string[] | boolean>;

/** The server's answer to a request: its message, or what is wrong (the whole request, or by field). */
export interface SendAnswer {
  readonly ok: boolean;
  readonly message?: string;
  readonly error?: string;
  readonly errors?: ConsultationErrors;
}

/**
 * Posts a consultation request as JSON (consent as the form's 'yes'), in the language the visitor
 * read the form in (the server checks and answers in it); throws when the server cannot be reached.
 */
export async function sendConsultation(
  values: Values,
  honeypot: FormDataEntryValue | null,
  language: string,
): Promise<SendAnswer> {
  const res = await fetch(CONSULTATION_API, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...values,
      consent: values['consent'] === true ? 'yes' : '',
      [HONEYPOT_FIELD]: honeypot ?? '',
      [LANGUAGE_FIELD]: language,
    }),
  });
  const body = (await res.json().catch(() => ({}))) as Omit<SendAnswer, 'ok'>;
  return { ...body, ok: res.ok };
}
