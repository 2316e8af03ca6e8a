import { createStore, useStore } from 'zustand';

/** shell-and-account.md §2 "Modals": opened by application events, one at a time. `shortcuts` is our legend (§5). */
export type ModalName =
  | 'login' | 'signup' | 'signup-email' | 'forgot-password' | 'upload-success' | 'block-user' | 'hide-post'
  | 'hide-op-comments' | 'pin-comment' | 'customize-tags' | 'blocked-titles' | 'follow-pages' | 'blocked-tags'
  | 'blocked-users' | 'report' | 'verify-age' | 'partner-referral' | 'shortcuts';

export type SignupModalProps = { next: string; action: string };
export type ModalProps = Record<string, unknown>;
export type OpenModal = { name: ModalName; props: ModalProps };

export type ModalState = { current: OpenModal | null };
export type ModalActions = {
  /** Opens a modal, replacing the one open (§4 "Modal display"). */
  open(name: ModalName, props?: ModalProps): void;
  /** Back to none; runs the close hooks (the report flow cancels its pending report there). */
  close(): void;
  /** Registers a hook run on every close; returns the unregister function. */
  onClose(hook: (closed: OpenModal) => void): () => void;
};

export const createModalStore = () => {
  const hooks = new Set<(closed: OpenModal) => void>();
  return createStore<ModalState & ModalActions>()((set, get) => ({
    current: null,
    open(name, props = {}) {
      set({ current: { name, props } });
    },
    close() {
      const closed = get().current;
      if (!closed) return;
      set({ current: null });
      for (const hook of hooks) hook(closed);
    },
    onClose(hook) {
      hooks.add(hook);
      return () => hooks.delete(hook);
    },
  }));
};

export const modalStore = createModalStore();

export const openModal = (name: ModalName, props?: ModalProps): void => modalStore.getState().open(name, props);
export const closeModal = (): void => modalStore.getState().close();

export function useModal<T>(selector: (s: ModalState & ModalActions) => T): T {
  return useStore(modalStore, selector);
}

/**
 * The same event for code that cannot import the site (an embedded widget, a third-party script):
 * `window.dispatchEvent(new CustomEvent('guffaw:open-modal', { detail: { name: 'signup', props: {...} } }))`.
 */
export const OPEN_MODAL_EVENT = 'guffaw:open-modal';

export function listenForModalEvents(store = modalStore): () => void {
  const onEvent = (event: Event) => {
    const detail = (event as CustomEvent<{ name?: unknown; props?: unknown }>).detail;
    if (!detail || typeof detail.name !== 'string') return;
    const props = typeof detail.props === 'object' && detail.props !== null ? (detail.props as ModalProps) : {};
    store.getState().open(detail.name as ModalName, props);
  };
  window.addEventListener(OPEN_MODAL_EVENT, onEvent);
  return () => window.removeEventListener(OPEN_MODAL_EVENT, onEvent);
}
