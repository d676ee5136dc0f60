import { CalendarCheck, Mail, MapPin, Phone } from 'lucide-react';
import { Fragment } from 'react';
import { useShell } from '../app/context.ts';
import { telHref } from '../../engine/shared/contact.ts';
import { styled } from '../styles/stitches.ts';
import { ButtonLink } from './ui.tsx';

/** 'Book a free in-home consultation': a plain link (the consultation page may be a document of its own). */
export function ConsultCta() {
  const { site, ui } = useShell();
  if (!site.contact || !ui['bookConsultation']) return null;
  return (
    <ButtonLink
      variant="accent"
      href={site.contact.consultationHref}
      data-testid="consult-cta"
      css={{ marginTop: '$4' }}
    >
      <CalendarCheck size={18} aria-hidden="true" />
      {ui['bookConsultation']}
    </ButtonLink>
  );
}

const Call = styled('a', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  minHeight: '44px',
  minWidth: '44px',
  padding: '$2 $3',
  borderRadius: '$sm',
  backgroundColor: '$brand',
  color: '#fff',
  fontWeight: 600,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  '& .number': { display: 'none', '@lg': { display: 'inline' } },
  '& .word': { '@lg': { display: 'none' } },
});

/** The header's call button: 'Call' on a phone, the number on a wide screen. */
export function CallButton() {
  const { site, ui } = useShell();
  if (!site.contact) return null;
  const { phone } = site.contact;
  return (
    <Call href={telHref(phone)} aria-label={`${ui['callUs'] ?? ''} ${phone}`.trim()} data-testid="call-button">
      <Phone size={18} aria-hidden="true" />
      <span className="word">{ui['callUs']}</span>
      <span className="number">{phone}</span>
    </Call>
  );
}

const Block = styled('div', {
  display: 'grid',
  gap: '$4',
  '@sm': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  '& h2': { margin: '0 0 $2', fontSize: '1rem' },
  variants: {
    // Dark: in the footer. Light: on a page (the consultation form's side).
    tone: { dark: { '& h2': { color: '#fff' } }, light: { '& h2': { color: '$text' }, '& a': { color: '$brand' } } },
  },
  '& address': { fontStyle: 'normal' },
  '& dl': { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '$1 $3', margin: 0 },
  '& dd': { margin: 0 },
});

const Reach = styled('a', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  minHeight: '44px',
  // A word breaks only when it has a line of its own and still does not fit.
  overflowWrap: 'break-word',
  '& > span': { minWidth: 0 },
});

/** An e-mail address that may break after its @ and before its dots, never inside a word. */
function EmailText({ address }: { readonly address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <span>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/**
 * The contact block: phone, e-mail, address, hours, service area and (unless `consult` is false, as beside
 * the consultation form itself) the consultation link.
 */
export function ContactBlock({ tone = 'dark', consult = true }: { tone?: 'dark' | 'light'; consult?: boolean }) {
  const { site, ui } = useShell();
  const c = site.contact;
  if (!c) return null;
  const { street, city, region, postalCode } = c.address;
  return (
    <Block tone={tone} data-testid="contact-block">
      <div>
        <h2>{ui['contactHeading']}</h2>
        <Reach href={telHref(c.phone)}>
          <Phone size={16} aria-hidden="true" />
          {c.phone}
        </Reach>
        <Reach href={`mailto:${c.email}`}>
          <Mail size={16} aria-hidden="true" />
          <EmailText address={c.email} />
        </Reach>
        <address>
          <MapPin size={16} aria-hidden="true" /> {street}, {city}, {region} {postalCode}
        </address>
        {consult && <Reach href={c.consultationHref}>{ui['bookConsultation']}</Reach>}
      </div>
      <div>
        <h2>{ui['hoursHeading']}</h2>
        <dl>
          {c.hours.map((h) => (
            <div key={h.days} style={{ display: 'contents' }}>
              <dt>{h.days}</dt>
              <dd>
                {h.opens} - {h.closes}
              </dd>
            </div>
          ))}
        </dl>
        <h2 style={{ marginTop: '1rem' }}>{ui['serviceAreaHeading']}</h2>
        <p>{c.serviceArea.join(', ')}</p>
      </div>
    </Block>
  );
}
