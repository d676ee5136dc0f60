import { StandardPage } from '../components/StandardPage.tsx';

/** Category overview (screens, pergolas, aluminum pergolas, awnings, window coverings): all sections. */
export default function Category() {
  return <StandardPage />;
}
