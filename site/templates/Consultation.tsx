import { usePage } from '../app/context.ts';
import { ContactBlock } from '../components/Contact.tsx';
import { PageTop } from '../components/PageTop.tsx';
import { Container } from '../components/ui.tsx';
import { Island } from '../islands/Island.tsx';
import { styled } from '../styles/stitches.ts';

/** The form, and on a wide screen the ways to reach the company beside it (on a phone the footer has them). */
const Layout = styled('div', {
  display: 'grid',
  '@md': { gridTemplateColumns: 'minmax(0, 640px) minmax(0, 1fr)', columnGap: '$7', alignItems: 'start' },
});
const Aside = styled('aside', {
  display: 'none',
  '@md': {
    display: 'block',
    margin: '$6 0',
    padding: '$5',
    backgroundColor: '$surface',
    border: '1px solid $border',
    borderRadius: '$md',
    '& > div': { gridTemplateColumns: '1fr' },
  },
});
/**
 * The consultation page: its top, the request form (an island), and on a wide screen the ways to
 * reach the company beside it.
 */
export default function Consultation() {
  const { page, form } = usePage().payload;
  return (
    <>
      <PageTop heading={page.heading} intro={page.intro} />
      <Container>
        <Layout>
          <Island
            name="consultation"
            props={{ path: page.path, texts: page.texts, ...(form ? { answer: form } : {}) }}
          />
          <Aside>
            <ContactBlock tone="light" consult={false} />
          </Aside>
        </Layout>
      </Container>
    </>
  );
}
