import { toast, Toaster } from 'react-hot-toast';
import { styled } from '../styles/stitches.ts';

/** The spec's toasts: one visible at a time (one id), 5000 ms, at most 420 px wide. */
const TOAST_ID = 'staff-toast';
const DURATION = 5000;

const Title = styled('strong', { display: 'block' });

const body = (title: string, text: string) => (
  <div>
    <Title>{title}</Title>
    <span>{text}</span>
  </div>
);

export const notify = {
  success: (title: string, text: string): void => {
    toast.success(body(title, text), { id: TOAST_ID, duration: DURATION });
  },
  error: (title: string, text: string): void => {
    toast.error(body(title, text), { id: TOAST_ID, duration: DURATION });
  },
};

export function StaffToaster() {
  return <Toaster position="top-right" toastOptions={{ duration: DURATION, style: { maxWidth: '420px' } }} />;
}
