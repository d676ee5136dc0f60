import type { Alternate } from '../../engine/index.ts';
import { splitPhotoPath } from '../../engine/shared/captions.ts';
import { useLanguage, useUi } from '../app/context.ts';
import { SWITCH_ATTR } from '../lib/switch.ts';
import { styled } from '../styles/stitches.ts';

const List = styled('ul', {
  display: 'flex',
  gap: '$1',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '& li > a, & li > span': {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '44px',
    padding: '$2 $3',
    borderRadius: '$sm',
    fontWeight: 600,
    textDecoration: 'none',
    color: '$text',
  },
  '& li > a:hover': { backgroundColor: '$surface' },
  '& [aria-current]': { color: '$brand', backgroundColor: '$brandSoft' },
  '& [aria-disabled]': { color: '$muted', fontWeight: 400, cursor: 'default' },
});

/**
 * The languages of the site for this page: the current one marked, each other one a link to the same
 * page (the same photo on a photo's address) in it, or, where the page is not published in it, its
 * name shown as not available, never a link to another page.
 */
export function LanguageSwitcher({
  alternates,
  wide = false,
}: {
  readonly alternates: readonly Alternate[];
  /**
   * The phone menu has room: each language by its name, and "not available for this page" in words.
   * Otherwise (the header) each by its code, its name for screen readers and as a tooltip.
   */
  readonly wide?: boolean;
}) {
  const ui = useUi();
  const language = useLanguage();
  if (alternates.length < 2) return null;
  const unavailable = ui['languageUnavailable'];
  return (
    <nav aria-label={ui['language']} data-testid="language-switcher">
      <List>
        {alternates.map((a) => {
          const name = wide ? (
            a.name
          ) : (
            <>
              <span aria-hidden="true" title={a.name}>
                {a.language.toUpperCase()}
              </span>
              <Hidden>{a.name}</Hidden>
            </>
          );
          return (
            <li key={a.language} lang={a.language}>
              {a.language === language ? (
                <span aria-current="true">{name}</span>
              ) : a.href ? (
                <a
                  href={a.href}
                  hrefLang={a.language}
                  {...{ [SWITCH_ATTR]: splitPhotoPath(a.href)?.gallery ?? a.href }}
                >
                  {name}
                </a>
              ) : (
                <span aria-disabled="true" title={`${a.name}: ${unavailable ?? ''}`}>
                  {name}
                  {wide ? <Note>{unavailable}</Note> : <Hidden> ({unavailable})</Hidden>}
                </span>
              )}
            </li>
          );
        })}
      </List>
    </nav>
  );
}

const Note = styled('small', { marginLeft: '$2', fontSize: '0.85rem' });

const Hidden = styled('span', {
  position: 'absolute !important',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
