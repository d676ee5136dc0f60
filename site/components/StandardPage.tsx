import type { ReactNode } from 'react';
import { usePage } from '../app/context.ts';
import { Sections } from '../sections/index.tsx';
import { fillText } from '../../engine/placeholders.ts';
import { PageTop } from './PageTop.tsx';

/**
 * Page top (with the hero when the page has a slot), optional extra content, then the sections.
 * `bands`: how many section bands the extra content is (the sections are numbered after them, so ids stay unique).
 */
export function StandardPage({
  actions,
  children,
  bands = 0,
}: {
  readonly actions?: ReactNode;
  readonly children?: ReactNode;
  readonly bands?: number;
}) {
  const { payload } = usePage();
  const { page, vars } = payload;
  return (
    <>
      <PageTop heading={fillText(page.heading, vars)} intro={page.intro} slot={page.hero?.slot}>
        {actions}
      </PageTop>
      {children}
      <Sections sections={page.sections} vars={vars} offset={bands} />
    </>
  );
}
