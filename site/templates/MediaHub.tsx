import { StandardPage } from '../components/StandardPage.tsx';

/** Media hub (/pergola-videos, /pergola-images): hero, product card with gallery dialogs, lists, links. */
export default function MediaHub() {
  return <StandardPage />;
}
