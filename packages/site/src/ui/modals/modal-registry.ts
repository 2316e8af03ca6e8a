import type { ComponentType } from 'react';
import type { ModalName, ModalProps } from './modal-store';

/** What a modal component gets: its props from the event and a close function. */
export type ModalComponentProps = { props: ModalProps; close: () => void };

/**
 * Which component draws each modal. Features register theirs (accounts: login, signup, forgot password; posts: report,
 * hide post; ...), usually as React.lazy so their code loads on first use. Built-in defaults are set in modal-host.tsx.
 */
const registry = new Map<ModalName, ComponentType<ModalComponentProps>>();

export function registerModal(name: ModalName, component: ComponentType<ModalComponentProps>): void {
  registry.set(name, component);
}

export const modalComponent = (name: ModalName): ComponentType<ModalComponentProps> | undefined => registry.get(name);
