/** The attribute of a language switcher's link: the gallery's address in its language (see `followPhoto`). */
export const SWITCH_ATTR = 'data-switch-base';

/**
 * Keeps the switcher's links on the photo the viewer shows: the viewer changes the address
 * (`<gallery>/photo/<slug>`) without a new page, and each link follows it to the same photo.
 */
export function followPhoto(galleryPath: string, location: string): void {
  if (!location.startsWith(galleryPath)) return;
  const rest = location.slice(galleryPath.length);
  for (const a of document.querySelectorAll<HTMLAnchorElement>(`a[${SWITCH_ATTR}]`)) {
    a.href = `${a.getAttribute(SWITCH_ATTR) ?? ''}${rest}`;
  }
}
