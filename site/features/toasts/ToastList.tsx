import { $toasts, dismissToast, type Toast } from './toasts.ts';
import { useStore } from '../shell/use-store.ts';
import { AlertIcon, CheckIcon, CloseIcon } from '../shell/icons.tsx';

/**
 * The toasts themselves, in a polite live region at the top centre. Drawn by the page's Toaster,
 * and inside the cart drawer while it is open (a modal dialog makes the rest of the page inert).
 */
export function ToastList({ visible = true }: { visible?: boolean }) {
  const toasts = useStore($toasts, { ssr: () => [] });
  return (
    <div className="toaster" role="status" aria-live="polite" aria-atomic="false">
      {visible && toasts.map((toast) => <ToastCard key={toast.id} toast={toast} />)}
    </div>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  return (
    <div className={`toast toast-${toast.tone}`}>
      <span className="toast-icon">{toast.tone === 'error' ? <AlertIcon /> : <CheckIcon />}</span>
      <div className="toast-text">
        <p className="toast-title">{toast.title}</p>
        <p className="toast-description">{toast.description}</p>
      </div>
      <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
