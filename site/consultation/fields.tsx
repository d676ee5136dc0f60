import type { ConsultationErrors, ConsultationField, ConsultationOffer } from '../../engine/shared/consultation.ts';
import { FORM_TOKEN_FIELD, FORM_TOKEN_SLOT, HONEYPOT_FIELD, LANGUAGE_FIELD } from '../../engine/shared/consultation.ts';
import { useLanguage } from '../app/context.ts';
import { styled } from '../styles/stitches.ts';
import type { FormFields } from './useConsultationForm.ts';

export const Field = styled('div', { marginBottom: '$4' });
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

/** A wrong field's attributes: marked invalid, described by its message. */
const invalid = (errors: ConsultationErrors, field: ConsultationField) =>
  errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${field}-error` } : {};

/** A field's message, when it has one. */
function FieldError({ errors, field }: { readonly errors: ConsultationErrors; readonly field: ConsultationField }) {
  return errors[field] ? <ErrorText id={`${field}-error`}>{errors[field]}</ErrorText> : null;
}

interface TextFieldProps {
  readonly form: FormFields;
  readonly field: 'name' | 'phone' | 'email' | 'place' | 'times';
  readonly type: string;
  readonly autoComplete: string;
}

/** A one-line field with its label and message. */
export function TextField({ form, field, type, autoComplete }: TextFieldProps) {
  const { values, errors } = form;
  return (
    <Field>
      <label htmlFor={field}>{form.t(`${field}Label`)}</label>
      <input
        id={field}
        name={field}
        type={type}
        autoComplete={autoComplete}
        defaultValue={typeof values[field] === 'string' ? values[field] : ''}
        onBlur={() => form.leave(field)}
        {...invalid(errors, field)}
      />
      <FieldError errors={errors} field={field} />
    </Field>
  );
}

/** The products offered, a checkbox each. */
export function Interests({
  form,
  interests,
}: {
  readonly form: FormFields;
  readonly interests: ConsultationOffer['interests'];
}) {
  const picked = Array.isArray(form.values['products']) ? form.values['products'] : [];
  return (
    <Field as="fieldset" {...invalid(form.errors, 'products')}>
      <legend>{form.t('productsLabel')}</legend>
      {interests.map((i) => (
        <Check key={i.id}>
          <input
            type="checkbox"
            name="products"
            value={i.id}
            defaultChecked={picked.includes(i.id)}
            onChange={() => form.leave('products')}
          />
          {i.label}
        </Check>
      ))}
      <FieldError errors={form.errors} field="products" />
    </Field>
  );
}

/** The message, a few lines. */
export function MessageField({ form }: { readonly form: FormFields }) {
  const { values, errors } = form;
  return (
    <Field>
      <label htmlFor="message">{form.t('messageLabel')}</label>
      <textarea
        id="message"
        name="message"
        rows={5}
        defaultValue={typeof values['message'] === 'string' ? values['message'] : ''}
        onBlur={() => form.leave('message')}
        {...invalid(errors, 'message')}
      />
      <FieldError errors={errors} field="message" />
    </Field>
  );
}

/** The honeypot: a field people never see and bots fill in (a request that fills it is spam). */
export function Honeypot() {
  return (
    <Trap aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>Website</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </Trap>
  );
}

/** The language the visitor reads the form in, sent with it (a plain form post too). */
export function LanguageField() {
  return <input type="hidden" name={LANGUAGE_FIELD} value={useLanguage()} />;
}

/** The form view's token (the server writes a new one into each page it sends; the script never changes it). */
export function TokenField() {
  return <input type="hidden" name={FORM_TOKEN_FIELD} defaultValue={FORM_TOKEN_SLOT} />;
}

/** Consent to be contacted, a checkbox. */
export function ConsentField({ form }: { readonly form: FormFields }) {
  return (
    <Field>
      <Check>
        <input
          type="checkbox"
          name="consent"
          value="yes"
          defaultChecked={form.values['consent'] === true}
          onChange={() => form.leave('consent')}
          {...invalid(form.errors, 'consent')}
        />
        {form.t('consentLabel')}
      </Check>
      <FieldError errors={form.errors} field="consent" />
    </Field>
  );
}
