export { requireMember } from './gate';
export { modalComponent, registerModal, type ModalComponentProps } from './modal-registry';
export {
  closeModal, createModalStore, listenForModalEvents, modalStore, OPEN_MODAL_EVENT, openModal, useModal,
  type ModalName, type ModalProps, type OpenModal, type SignupModalProps,
} from './modal-store';
export { loginHref, SignupOverlay, signupHref } from './signup-overlay';
