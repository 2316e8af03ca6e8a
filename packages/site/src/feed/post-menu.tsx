import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Dialog } from '../ui/dialog';
import { Icon, MORE } from '../ui/icons/icons';
import { useDismiss } from '../ui/menus/use-dismiss';
import { useUser } from '../user/user-store';
import {
  askBlockUser, askReport, copyPostLink, deletePost, downloadPost, hidePost, menuActions, type MenuAction, type PostPlace,
} from './post-actions';
import type { Post } from './post-types';
import styles from './post-card.module.css';

export const menuLabel = (action: MenuAction, post: Post): string => {
  switch (action) {
    case 'copy-link':
      return 'Copy link';
    case 'download':
      return 'Download media';
    case 'hide':
      return 'Hide post';
    case 'report':
      return 'Report post';
    case 'block-user':
      return `Block @${post.creator?.username ?? ''}`;
    case 'delete':
      return 'Delete post';
  }
};

/**
 * The post's more menu (§2 header): the items of menuActions for this viewer, a real menu button with arrow-key
 * movement; Escape or a click outside closes it and focus goes back to the button.
 */
export function PostMenu({ post, place }: { post: Post; place: PostPlace }) {
  const info = useUser((s) => s.info);
  const [open, setOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close, button);
  const actions = menuActions(post, info, place);

  useEffect(() => {
    if (open) root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const run = (action: MenuAction) => {
    setOpen(false);
    // Hiding replaces the card, so focus cannot go back to a button that is gone.
    if (action !== 'hide' && action !== 'delete') button.current?.focus();
    switch (action) {
      case 'copy-link':
        return void copyPostLink(post);
      case 'download':
        return void downloadPost(post.id);
      case 'hide':
        return hidePost(post.id);
      case 'report':
        return askReport(post);
      case 'block-user':
        return askBlockUser(post);
      case 'delete':
        return setConfirmDelete(true);
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div ref={root} className={styles.menuRoot}>
      <button
        ref={button}
        type="button"
        className={styles.iconButton}
        aria-label="More actions"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon d={MORE} />
      </button>
      {open && (
        <ul id={menuId} role="menu" aria-label="Post actions" className={styles.menu} onKeyDown={onMenuKey}>
          {actions.map((action) => (
            <li key={action} role="none">
              <button type="button" role="menuitem" tabIndex={-1} className={styles.menuItem} onClick={() => run(action)}>
                {menuLabel(action, post)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {confirmDelete && (
        <Dialog title="Delete this post?" onClose={() => setConfirmDelete(false)}>
          <p>It will be removed from {post.type === 'ForumPost' ? 'the forum' : 'every list'} and cannot be brought back.</p>
          <div className={styles.confirmActions}>
            <button type="button" className={styles.button} onClick={() => setConfirmDelete(false)}>
              Cancel
            </button>
            <button
              type="button"
              className={`${styles.button} ${styles.danger}`}
              onClick={async () => {
                if (await deletePost(post.id)) setConfirmDelete(false);
              }}
            >
              Delete
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
