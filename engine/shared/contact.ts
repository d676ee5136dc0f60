/** The `tel:` link of a printed phone number: its digits, and a leading '+' if it has one. */
export const telHref = (phone: string): string =>
  `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
