import { useSiteConfig } from '../../config';
import { Dialog } from '../dialog';
import { modalComponent, type ModalComponentProps } from './modal-registry';
import { openModal } from './modal-store';
import styles from './signup-overlay.module.css';

/** What the guest tried to do, in words for the overlay's line ("Sign up to vote on posts"). */
const actionWords: Record<string, string> = {
  upload: 'post memes',
  vote: 'vote on posts',
  upvote: 'vote on posts',
  downvote: 'vote on posts',
  save: 'save posts',
  report: 'report posts',
  comment: 'comment',
  hide: 'hide posts',
  block: 'block users and tags',
  unmask: 'see sensitive content',
  'create-meme': 'create memes',
  follow: 'follow tags and interests',
  award: 'send Cheers',
};

export const signupHref = (next: string, action: string) => `/signup?${new URLSearchParams({ next, src: action })}`;
export const loginHref = (next: string) => `/login?${new URLSearchParams({ next })}`;

/**
 * shell-and-account.md §1: a guest's protected action opens this overlay with the next URL and the action name; the
 * action itself does not run. Sign Up and Log In open the account modals when they are registered, otherwise they are
 * plain links to the pages, which handle next and src themselves.
 */
export function SignupOverlay({ props, close }: ModalComponentProps) {
  const next = typeof props.next === 'string' ? props.next : '/';
  const action = typeof props.action === 'string' ? props.action : '';
  const words = actionWords[action];
  const { appName } = useSiteConfig();
  return (
    <Dialog title={`Join ${appName}`} onClose={close}>
      <p className={styles.lead}>
        {words ? `Sign up to ${words}` : 'Sign up to vote, comment, save and post memes'}, and to see more of what you like.
      </p>
      <div className={styles.actions}>
        <a
          className={styles.primary}
          href={signupHref(next, action || 'signup-overlay')}
          data-autofocus
          onClick={(event) => {
            if (!modalComponent('signup-email')) return;
            event.preventDefault();
            openModal('signup-email', { next, action });
          }}
        >
          Sign Up
        </a>
        <a
          className={styles.secondary}
          href={loginHref(next)}
          onClick={(event) => {
            if (!modalComponent('login')) return;
            event.preventDefault();
            openModal('login', { next });
          }}
        >
          Log In
        </a>
      </div>
    </Dialog>
  );
}

export default SignupOverlay;
