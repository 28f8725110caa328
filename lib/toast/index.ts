/**
 * Toasts that cost nothing until the first one is shown: sonner (and its Toaster) is downloaded on the first
 * `showToast` call, so it stays out of every page's first-load JavaScript. Client-side only.
 *
 * Usage: `showToast((toast) => toast.error(t('title'), { description: t('body') }))`.
 */
import type { toast as sonnerToast } from 'sonner';

export type ToastFn = typeof sonnerToast;
type Call = (toast: ToastFn) => void;

const pending: Call[] = [];
let ready: ToastFn | null = null;
let wake: (() => void) | null = null;

/** Shows a toast now if the toaster is loaded, else queues it and asks the host to load the toaster. */
export function showToast(call: Call): void {
  if (ready) {
    call(ready);
    return;
  }
  pending.push(call);
  wake?.();
}

/** For the host component: registers the loader and, once the Toaster is mounted, flushes the queue. */
export const toastHost = {
  onRequest(listener: (() => void) | null): void {
    wake = listener;
    if (listener && pending.length > 0) listener();
  },
  mounted(toast: ToastFn): void {
    ready = toast;
    for (const call of pending.splice(0)) call(toast);
  },
};
