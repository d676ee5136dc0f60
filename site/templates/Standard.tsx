import { StandardPage } from '../components/StandardPage.tsx';

/**
 * Category overviews, media hubs and shade pages: the page top (with its hero), then the sections
 * the manifest declares.
 */
export default function Standard() {
  return <StandardPage />;
}
