import { fillText } from '../../engine/placeholders.ts';
import { unescapeText, type ConsultationField } from '../../engine/shared/consultation.ts';
import { languageLine } from './language.ts';
import type { ConsultationSettings } from './settings.ts';
import type { StoredRequest } from './store.ts';

export interface MailMessage {
  readonly from: string;
  readonly to: readonly string[];
  readonly replyTo: string;
  readonly subject: string;
  readonly text: string;
  /** Stable per request, so that a mail server or client can drop a copy sent twice after a crash. */
  readonly messageId: string;
}

/**
 * Pure: the staff notification for one stored request, in the staff's (default) language, saying
 * which language to reply in (plain text; stored text is unescaped for it).
 */
export function composeMail(request: StoredRequest, settings: ConsultationSettings): MailMessage {
  const t = settings.texts;
  const v = (s: string): string => unescapeText(s);
  const interests = request.products
    .split(',')
    .map((id) => settings.interests.find((i) => i.id === id)?.label ?? id)
    .join(', ');
  const line = (key: ConsultationField, value: string): string => `${t[`${key}Label`] ?? key}: ${value}`;
  const text = [
    // First: staff reply in the language the visitor read the form in.
    languageLine(request.language),
    '',
    line('name', v(request.name)),
    line('phone', v(request.phone)),
    line('email', v(request.email)),
    line('place', v(request.place)),
    line('products', interests),
    line('times', v(request.times)),
    '',
    line('message', ''),
    v(request.message),
    '',
    `${request.created_at} (${request.id})`,
  ].join('\n');
  const domain = settings.from.split('@')[1] ?? 'localhost';
  return {
    from: settings.from,
    to: settings.notify,
    replyTo: v(request.email),
    subject: fillText(settings.subject, { name: v(request.name), site: settings.siteName }),
    text,
    messageId: `<consultation-${request.id}@${domain}>`,
  };
}
