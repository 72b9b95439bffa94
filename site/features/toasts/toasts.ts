import { atom } from 'nanostores';

/** Short notices at the top centre of the page: "Added to cart!", "Checkout failed". */
export interface Toast {
  id: number;
  title: string;
  description: string;
  tone: 'success' | 'error';
}

export const TOAST_DURATION_MS = 4000;
// More than this many at once is noise: the oldest go first.
const MAX_TOASTS = 3;

export const $toasts = atom<Toast[]>([]);

let nextId = 1;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

export function showToast(toast: Omit<Toast, 'id'>, durationMs = TOAST_DURATION_MS): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { ...toast, id }].slice(-MAX_TOASTS));
  if (durationMs > 0) setTimeout(() => dismissToast(id), durationMs);
  return id;
}
