import { createContext, useContext, type HTMLAttributes } from 'react';

/** The level of headings inside the current block: 3 under a section's h2, else 2. */
export const HeadingLevel = createContext<2 | 3>(2);

/** A card or block title at the right level, so that heading levels never skip one. */
export function SubHeading(props: HTMLAttributes<HTMLHeadingElement>) {
  const level = useContext(HeadingLevel);
  return level === 2 ? <h2 {...props} /> : <h3 {...props} />;
}
