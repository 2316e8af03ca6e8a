import { Dialog } from '../ui/dialog';
import type { ModalComponentProps } from '../ui/modals/modal-registry';
import { openModal } from '../ui/modals/modal-store';
import { ForgotPasswordForm, LoginForm, SignupForm } from './auth-forms';
import { normaliseNext } from './next-url';

const propNext = (props: Record<string, unknown>) => normaliseNext(typeof props.next === 'string' ? props.next : window.location.pathname + window.location.search);

export function LoginModal({ props, close }: ModalComponentProps) {
  const next = propNext(props);
  return (
    <Dialog title="Log in" onClose={close}>
      <LoginForm next={next} onForgot={() => openModal('forgot-password', { next })} />
    </Dialog>
  );
}

export function SignupEmailModal({ props, close }: ModalComponentProps) {
  return (
    <Dialog title="Sign up" onClose={close}>
      <SignupForm next={propNext(props)} src={typeof props.action === 'string' ? props.action : ''} refParam="" onBack={close} />
    </Dialog>
  );
}

/** shell §4: the forgot-password back button returns to login; success closes the modal after the toast. */
export function ForgotPasswordModal({ props, close }: ModalComponentProps) {
  return (
    <Dialog title="Forgot password" onClose={close}>
      <ForgotPasswordForm onDone={close} onBack={() => openModal('login', { next: propNext(props) })} />
    </Dialog>
  );
}
