import { createStore, useStore } from 'zustand';

export type ToastKind = 'info' | 'error';
/** An action beside the message, e.g. Undo (comments.md §8: "You’ve blocked @{name}" with an Undo action). */
export type ToastAction = { label: string; run: () => void };
export type Toast = { id: number; message: string; kind: ToastKind; action?: ToastAction };
export type ToastOptions = { action?: ToastAction; durationMs?: number };

export const TOAST_DURATION_MS = 4000;

export type ToastState = { toasts: Toast[] };
export type ToastActions = { show(message: string, kind?: ToastKind, options?: ToastOptions): number; dismiss(id: number): void };

export const createToastStore = (durationMs = TOAST_DURATION_MS) => {
  let nextId = 1;
  return createStore<ToastState & ToastActions>()((set, get) => ({
    toasts: [],
    show(message, kind = 'info', options = {}) {
      const id = nextId++;
      // The same message twice in a row is shown once.
      const toasts = get().toasts.filter((t) => t.message !== message);
      set({ toasts: [...toasts, { id, message, kind, ...(options.action ? { action: options.action } : {}) }].slice(-3) });
      setTimeout(() => get().dismiss(id), options.durationMs ?? durationMs);
      return id;
    },
    dismiss(id) {
      set({ toasts: get().toasts.filter((t) => t.id !== id) });
    },
  }));
};

export const toastStore = createToastStore();
export const showToast = (message: string, kind?: ToastKind, options?: ToastOptions): number => toastStore.getState().show(message, kind, options);

export function useToasts<T>(selector: (s: ToastState & ToastActions) => T): T {
  return useStore(toastStore, selector);
}
