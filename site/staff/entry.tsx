import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { fetchJson } from '../data/fetcher.ts';
import { globalStyles } from '../styles/global.ts';
import { STAFF_DATA_ID, STAFF_ROOT_ID, type StaffPayload } from '../../engine/shared/staff.ts';
import { Layout } from './Layout.tsx';
import { staffTool, type StaffTool } from './registry.ts';
import { StaffToaster } from './toast.tsx';

/** The staff tools' own bundle: rendered in the browser from the data the server put in the page. */
function StaffApp({ payload, Tool }: { readonly payload: StaffPayload; readonly Tool: StaffTool }) {
  globalStyles();
  return (
    <SWRConfig value={{ fetcher: fetchJson, shouldRetryOnError: false, refreshInterval: 0 }}>
      <Layout payload={payload}>
        <Tool payload={payload} />
      </Layout>
      <StaffToaster />
    </SWRConfig>
  );
}

const data = document.getElementById(STAFF_DATA_ID)?.textContent;
const root = document.getElementById(STAFF_ROOT_ID);
if (data && root) {
  const payload = JSON.parse(data) as StaffPayload;
  root.replaceChildren();
  createRoot(root).render(<StaffApp payload={payload} Tool={staffTool(payload.kind)} />);
  root.setAttribute('data-ready', '');
}
