import { describe, expect, it } from 'vitest';
import { consultationMail, consultationOffer, validateConsultation } from './consultation.ts';

describe('consultationOffer', () => {
  const texts = {
    productsError: 'Pick one.',
    'interest-screens': 'Outdoor screens',
    nameLabel: 'Name',
    'interest-retractable-awnings': 'Awnings',
    'interest-aluminum-pergolas': '',
  };

  it('offers each interest-<category> text with a label, in the order of the texts', () => {
    const offer = consultationOffer({ texts });
    expect(offer.interests).toEqual([
      { id: 'screens', label: 'Outdoor screens' },
      { id: 'retractable-awnings', label: 'Awnings' },
    ]);
    expect(offer.categories).toEqual(['screens', 'retractable-awnings']);
  });

  it('is what a request is checked against: a category it does not offer is refused', () => {
    const offer = consultationOffer({ texts });
    const request = { name: 'Ann', phone: '555 010 2000', email: 'a@b.co', place: 'Town', consent: 'on' };
    expect(validateConsultation({ ...request, products: 'screens' }, offer).ok).toBe(true);
    expect(validateConsultation({ ...request, products: 'aluminum-pergolas' }, offer)).toEqual({
      ok: false,
      errors: { products: 'Pick one.' },
    });
  });
});

describe('consultationMail', () => {
  it('reads notify as a comma-separated list, and defaults the subject', () => {
    expect(consultationMail({ notify: ' a@x.co,b@x.co , ', mailFrom: ' w@x.co ' })).toEqual({
      notify: ['a@x.co', 'b@x.co'],
      from: 'w@x.co',
      subject: '{site}: {name}',
    });
    expect(consultationMail({ mailSubject: 'Request from {name}' }).subject).toBe('Request from {name}');
  });
});
