import { usePage } from '../app/context.ts';
import { PageTop } from '../components/PageTop.tsx';
import { Sections } from '../sections/index.tsx';

/** Home: the hero (headline and text over the hero slot image) and the page's sections. */
export default function Home() {
  const { payload } = usePage();
  const { page, vars } = payload;
  return (
    <>
      <PageTop
        heading={page.hero?.headline ?? page.heading}
        intro={page.hero?.text ?? page.intro}
        slot={page.hero?.slot}
      />
      <Sections sections={page.sections} vars={vars} />
    </>
  );
}
