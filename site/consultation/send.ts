import {
  CONSULTATION_API,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  LANGUAGE_FIELD,
  formValuesOf,
  type ConsultationErrors,
  type FormValues,
} from '../../engine/shared/consultation.ts';

/**
 * What the form holds now, read from its fields: the fields are the one record of what the visitor
 * entered (typed, pasted or autofilled before the script was live, or restored by the browser), so
 * the script never holds a copy that could write over them.
 */
export function readForm(form: HTMLFormElement): FormValues {
  const data = new FormData(form);
  return formValuesOf({ ...Object.fromEntries(data), products: data.getAll('products').map(String) });
}

/** The server's answer to a request: its message, or what is wrong (the whole request, or by field). */
export interface SendAnswer {
  readonly ok: boolean;
  readonly message?: string;
  readonly error?: string;
  readonly errors?: ConsultationErrors;
}

/**
 * Posts a consultation request as JSON (consent as the form's 'yes'), in the language the visitor
 * read the form in (the server checks and answers in it), with the form view's token (sent again, the
 * same fields store nothing new); throws when the server cannot be reached.
 */
export async function sendConsultation(
  values: FormValues,
  honeypot: FormDataEntryValue | null,
  language: string,
  token: string,
): Promise<SendAnswer> {
  const res = await fetch(CONSULTATION_API, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...values,
      consent: values['consent'] === true ? 'yes' : '',
      [HONEYPOT_FIELD]: honeypot ?? '',
      [LANGUAGE_FIELD]: language,
      [FORM_TOKEN_FIELD]: token,
    }),
  });
  const body = (await res.json().catch(() => ({}))) as Omit<SendAnswer, 'ok'>;
  return { ...body, ok: res.ok };
}
