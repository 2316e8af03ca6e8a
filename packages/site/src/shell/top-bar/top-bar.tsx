import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { SiteConfig } from '../../config';
import { Link, navigate } from '../../router';
import { selectUser, useUser } from '../../user/user-store';
import { DRAWER_ID } from '../drawer/drawer';
import { requireMember } from '../../ui/modals/gate';
import { openModal } from '../../ui/modals/modal-store';
import { signupHref } from '../../ui/modals/signup-overlay';
import { useDismiss } from '../../ui/menus/use-dismiss';
import { badgeCount, useUnreadCount } from '../../ui/unread-store';
import { Icon } from './icons';
import { markNavLinkSeen, seenNavLinks } from './nav-badges';
import { NotificationMenu } from './notification-menu';
import { SearchPopup } from './search-menu';
import { UserMenu } from './user-menu';
import styles from './top-bar.module.css';

export type TopBarProps = {
  /** The shell's config (with a running campaign's parts). */
  config: SiteConfig;
  /** Shown below the drawer breakpoint, where the drawer is an overlay; `narrow` leaves it to CSS (before hydration). */
  showMenuButton?: boolean | 'narrow';
  drawerOpen?: boolean;
  onMenu?: () => void;
};

type MenuName = 'search' | 'notifications' | 'user';

/** shell-and-account.md §2 "Top bar". Only one of the search, notification and user menus is open at a time. */
export function TopBar({ config, showMenuButton = false, drawerOpen = false, onMenu }: TopBarProps) {
  const user = useUser(selectUser);
  const unread = useUnreadCount();
  const [menu, setMenu] = useState<MenuName | null>(null);
  const [seen, setSeen] = useState(seenNavLinks);
  const closeMenu = useCallback(() => setMenu(null), []);
  const toggle = (name: MenuName) => setMenu((current) => (current === name ? null : name));

  const onPost = (event: React.MouseEvent) => {
    event.preventDefault();
    if (requireMember('upload', '/submit')) navigate('/submit');
  };

  return (
    <header className={styles.bar} data-testid="top-bar">
      {showMenuButton && (
        <button
          type="button"
          className={`${styles.iconButton} ${showMenuButton === 'narrow' ? (config.adCampaign?.background ? styles.narrowCampaign : styles.narrow) : ''}`}
          aria-label="Menu" aria-expanded={drawerOpen} aria-controls={DRAWER_ID} onClick={onMenu}>
          <Icon name="menu" />
        </button>
      )}
      <Link href="/" className={styles.logo} aria-label={`${config.appName} home`}>
        <img className={styles.logoMark} src="/favicon.svg" alt="" width={28} height={28} />
        <span className={styles.logoText}>{config.appName}</span>
      </Link>
      {(config.navLinks.length > 0 || config.adCampaign?.navLink) && (
        <ul className={styles.nav} aria-label="Featured">
          {config.navLinks.map((link) => (
            <li key={link.url}>
              <a
                className={styles.navLink}
                href={link.url}
                {...(link.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                onClick={() => link.isNew && setSeen(markNavLinkSeen(link.url))}
              >
                {link.title}
                {link.isNew && !seen.includes(link.url) && <> <span className={styles.newBadge}>NEW</span></>}
              </a>
            </li>
          ))}
          {config.adCampaign?.navLink && (
            <li>
              <a className={`${styles.navLink} ${styles.campaignLink}`} href={config.adCampaign.navLink.url}>
                <img src={config.adCampaign.navLink.image} alt="Campaign" />
              </a>
            </li>
          )}
        </ul>
      )}
      <div className={styles.spacer} />
      <div className={styles.right}>
        <MenuButton name="search" label="Search" open={menu === 'search'} onToggle={toggle} onClose={closeMenu} button={<Icon name="search" />}>
          <SearchPopup onDone={closeMenu} />
        </MenuButton>
        {user ? (
          <>
            <MenuButton
              name="notifications"
              label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
              open={menu === 'notifications'}
              onToggle={toggle}
              onClose={closeMenu}
              button={
                <>
                  <Icon name="bell" />
                  {unread > 0 && (
                    <span className={styles.badge} data-testid="unread-badge">
                      {badgeCount(unread)}
                    </span>
                  )}
                </>
              }
            >
              <NotificationMenu onDone={closeMenu} />
            </MenuButton>
            <MenuButton
              name="user"
              label="Account menu"
              open={menu === 'user'}
              onToggle={toggle}
              onClose={closeMenu}
              button={
                user.avatarUrl ? (
                  <img className={styles.avatar} src={user.avatarUrl} alt="" width={32} height={32} />
                ) : (
                  <span className={styles.avatarLetter} aria-hidden="true">
                    {user.username.slice(0, 1).toUpperCase()}
                  </span>
                )
              }
            >
              <UserMenu user={user} onDone={closeMenu} supportChatUrl={config.supportChatUrl} />
            </MenuButton>
          </>
        ) : (
          <a
            className={styles.guestLink}
            href={signupHref('/', 'top-bar')}
            onClick={(event) => {
              event.preventDefault();
              setMenu(null);
              openModal('signup', { next: window.location.pathname + window.location.search, action: 'top-bar' });
            }}
          >
            Sign Up/Log In
          </a>
        )}
        <a className={styles.postButton} href="/submit" onClick={onPost} aria-label="Post">
          <Icon name="plus" />
          <span className={styles.postLabel}>Post</span>
        </a>
      </div>
    </header>
  );
}

type MenuButtonProps = {
  name: MenuName;
  label: string;
  open: boolean;
  onToggle: (name: MenuName) => void;
  onClose: () => void;
  button: ReactNode;
  children: ReactNode;
};

function MenuButton({ name, label, open, onToggle, onClose, button, children }: MenuButtonProps) {
  const anchor = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const popupId = `top-bar-${name}`;
  useDismiss(anchor, open, onClose, trigger);
  return (
    <div ref={anchor} className={styles.menuAnchor}>
      <button
        ref={trigger}
        type="button"
        className={styles.iconButton}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        onClick={() => onToggle(name)}
      >
        {button}
      </button>
      {open && (
        <div id={popupId} className={styles.popup} data-testid={`menu-${name}`}>
          {children}
        </div>
      )}
    </div>
  );
}
