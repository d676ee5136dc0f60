import type { ManifestEditorPayload } from '../../../engine/shared/staff.ts';

/** Manifest Editor: the manifest's files in a code editor, checked as staff type, published as versions. */
export default function ManifestEditor({ payload }: { readonly payload: ManifestEditorPayload }) {
  return <h1>{payload.heading}</h1>;
}
