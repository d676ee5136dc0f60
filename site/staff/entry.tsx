import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { fetchJson } from '../data/fetcher.ts';
import { globalStyles } from '../styles/stitches.ts';
import { STAFF_DATA_ID, STAFF_ROOT_ID, type StaffPayload } from '../../engine/shared/staff.ts';
import { FolderHealth } from './FolderHealth.tsx';
import { FolderSetup } from './FolderSetup.tsx';
import { ImageManager } from './ImageManager.tsx';
import { Layout } from './Layout.tsx';
import { StaffToaster } from './toast.tsx';

/** The staff tools' own bundle: rendered in the browser from the data the server put in the page. */
function StaffApp({ payload }: { readonly payload: StaffPayload }) {
  globalStyles();
  let tool;
  switch (payload.kind) {
    case 'image-manager':
      tool = <ImageManager payload={payload} />;
      break;
    case 'folder-setup':
      tool = <FolderSetup payload={payload} />;
      break;
    case 'folder-health':
      tool = <FolderHealth payload={payload} />;
      break;
  }
  return (
    <SWRConfig value={{ fetcher: fetchJson, shouldRetryOnError: false, refreshInterval: 0 }}>
      <Layout payload={payload}>{tool}</Layout>
      <StaffToaster />
    </SWRConfig>
  );
}

const data = document.getElementById(STAFF_DATA_ID)?.textContent;
const root = document.getElementById(STAFF_ROOT_ID);
if (data && root) {
  const payload = JSON.parse(data) as StaffPayload;
  root.replaceChildren();
  createRoot(root).render(<StaffApp payload={payload} />);
  root.setAttribute('data-ready', '');
}
