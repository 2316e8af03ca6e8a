import { createStore } from 'zustand/vanilla';

/** The Undo toast stays 10 s; plain toasts go sooner. */
export const UNDO_TOAST_MS = 10_000;
export const TOAST_MS = 5_000;

export type Toast = { id: number; message: string; action?: { label: string; run: () => void } };
export type ToastState = { toasts: Toast[] };
export type ToastActions = {
  show(message: string, action?: Toast['action']): number;
  dismiss(id: number): void;
};
export type ToastStore = ReturnType<typeof createToastStore>;

export const createToastStore = () => {
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  return createStore<ToastState & ToastActions>()((set, get) => ({
    toasts: [],
    show(message, action) {
      const id = nextId++;
      const toast: Toast = action ? { id, message, action } : { id, message };
      set((s) => ({ toasts: [...s.toasts, toast] }));
      timers.set(id, setTimeout(() => get().dismiss(id), action ? UNDO_TOAST_MS : TOAST_MS));
      return id;
    },
    dismiss(id) {
      clearTimeout(timers.get(id));
      timers.delete(id);
      set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
    },
  }));
};
