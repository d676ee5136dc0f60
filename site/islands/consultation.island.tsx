import { useEffect, useRef, type FormEvent } from 'react';
import type { Texts } from '../../engine/index.ts';
import type { FormAnswer } from '../../engine/shared/consultation.ts';
import {
  ConsentField,
  Honeypot,
  Interests,
  LanguageField,
  MessageField,
  TextField,
  TokenField,
} from '../consultation/fields.tsx';
import { useConsultationForm } from '../consultation/useConsultationForm.ts';
import { Button } from '../components/ui.tsx';
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
const Thanks = styled('div', { padding: '$6 0' });
const Alert = styled('p', { color: '$danger', fontWeight: 600, margin: '0 0 $4' });

export interface ConsultationIslandProps {
  /** The page's path: the form posts there without a script. */
  readonly path: string;
  /** The page's texts: labels, messages, the products offered (`interest-<category>`, see consultationOffer). */
  readonly texts: Texts;
  /** The answer to a plain post (no script): the thank-you, or the form with what was sent and its messages. */
  readonly answer?: FormAnswer;
}

/**
 * The consultation request form, in the page's language (its texts, and the language it sends, so
 * that the server answers in it). Without JavaScript it is a plain POST to the page's path (the server
 * answers with a thank-you or the form with messages); with it, the shared rules check each field as
 * it is left, the request goes as JSON, and a toast confirms. The server's answer to a plain post is
 * this page again with `answer`.
 */
export default function ConsultationIsland({ path, texts, answer }: ConsultationIslandProps) {
  const { fields: form, interests, formRef, changed, submit, sending, done } = useConsultationForm(texts, answer);
  const { t } = form;
  // Above a refused plain post's form: why it was refused (its fields say what to change).
  const refused = answer && !('sent' in answer) ? answer : undefined;
  const alert = refused?.alert ?? (refused && Object.keys(refused.errors).length > 0 ? 'errorTitle' : undefined);
  // The thank-you replaces a taller form: it takes the focus, so it is in view (and read out) wherever the visitor scrolled to.
  const thanks = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!done) return;
    // Centred: scrolled only as far as 'in view', it would stay under the sticky header.
    thanks.current?.focus({ preventScroll: true });
    thanks.current?.scrollIntoView({ block: 'center' });
  }, [done]);
  return done ? (
    <Thanks role="status" ref={thanks} tabIndex={-1}>
      <h2>{t('thankYouTitle')}</h2>
      <p>{t('thankYouBody')}</p>
    </Thanks>
  ) : (
    <Form
      ref={formRef}
      method="post"
      action={path}
      noValidate
      onChange={changed}
      onSubmit={(e: FormEvent<HTMLFormElement>) => void submit(e)}
    >
      {alert && <Alert role="alert">{t(alert)}</Alert>}
      <TextField form={form} field="name" type="text" autoComplete="name" />
      <TextField form={form} field="phone" type="tel" autoComplete="tel" />
      <TextField form={form} field="email" type="email" autoComplete="email" />
      <TextField form={form} field="place" type="text" autoComplete="address-level2" />
      <Interests form={form} interests={interests} />
      <TextField form={form} field="times" type="text" autoComplete="off" />
      <MessageField form={form} />
      <Honeypot />
      <LanguageField />
      <TokenField />
      <ConsentField form={form} />
      <Button type="submit" disabled={sending}>
        {sending ? t('sending') : t('submit')}
      </Button>
    </Form>
  );
}
