import { StandardPage } from '../components/StandardPage.tsx';

/** A shade type's page: name, description, features and its gallery dialog (product-intro section). */
export default function ShadePage() {
  return <StandardPage />;
}
