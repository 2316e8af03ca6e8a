import { useEffect, useRef, useState } from 'react';
import type { SiteConfig } from '../../config';
import { isVisitorPage, Link, useHydrated, useLocation } from '../../router';
import { displayTag } from '../../tags/canonical';
import { FOLLOWING_SHOWN, sortFollowed, useFollowed, type FollowedPage } from '../../tags/followed-pages';
import { interestKey, useInterests, visibleInterests, type Interest } from '../../tags/interests';
import { useTags, type Tag } from '../../tags/tag-store';
import { selectIsLoggedIn, selectUser, useUser } from '../../user/user-store';
import { lockScroll } from '../../ui/dialog/scroll-lock';
import { openModal } from '../../ui/modals/modal-store';
import { signupHref } from '../../ui/modals/signup-overlay';
import { drawerSections, isSectionActive } from './sections';
import { CLOSE, Icon, STAR } from '../../ui/icons/icons';
import styles from './drawer.module.css';

export type DrawerProps = {
  /**
   * Permanent (wide windows) or an overlay with a backdrop (below the breakpoint). `auto` is the server's and the
   * hydration's render, before the window is known: the permanent drawer, shown by CSS from the breakpoint only, so
   * the page does not move when the client picks its mode.
   */
  mode: 'permanent' | 'overlay' | 'auto';
  open: boolean;
  onClose: () => void;
  /** The shell's config (with a running campaign's parts). */
  config: SiteConfig;
};

export const DRAWER_ID = 'side-drawer';

/** shell-and-account.md §2 "Side drawer": banner, sections, Recents, Pinned, Following, Interests, in that order. */
export function Drawer({ mode, open, onClose, config }: DrawerProps) {
  const ref = useRef<HTMLElement>(null);
  const overlay = mode === 'overlay';

  useEffect(() => {
    if (!overlay || !open) return;
    const unlock = lockScroll();
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      unlock();
      if (opener?.isConnected) opener.focus();
    };
  }, [overlay, open, onClose]);

  if (overlay && !open) return null;
  return (
    <>
      {overlay && <div className={styles.backdrop} aria-hidden="true" onClick={onClose} />}
      <aside
        ref={ref}
        id={DRAWER_ID}
        className={`${styles.drawer} ${overlay ? styles.overlayDrawer : styles.permanent} ${mode === 'auto' ? (config.adCampaign?.background ? styles.autoCampaign : styles.auto) : ''}`}
        aria-label="Side menu"
        data-testid="drawer"
        data-mode={mode}
      >
        {overlay && (
          <div className={styles.overlayHeader}>
            <Link href="/" className={styles.logo}>
              {config.appName}
            </Link>
            <button type="button" className={styles.closeButton} aria-label="Close menu" onClick={onClose}>
              <Icon d={CLOSE} />
            </button>
          </div>
        )}
        <DrawerBanner config={config} />
        <SectionList config={config} />
        <KeptTags />
        <Following />
        <Interests />
      </aside>
    </>
  );
}

function DrawerBanner({ config }: { config: SiteConfig }) {
  const loggedIn = useUser(selectIsLoggedIn);
  const initialised = useUser((s) => s.initialised);
  const campaign = config.campaigns[0];
  if (campaign) {
    return (
      <a className={styles.banner} href={campaign.link}>
        <img src={campaign.images.banner.url} alt="Campaign" />
      </a>
    );
  }
  // A page the server rendered is a visitor's (it renders for visitors only): the banner is there from the start.
  if (loggedIn || (!initialised && !isVisitorPage())) return null;
  return (
    <div className={styles.banner} data-testid="drawer-signup-banner">
      <p>New to {config.appName}? Sign up now to see more content!</p>
      <a
        className={styles.bannerLink}
        href={signupHref('/', 'drawer-banner')}
        onClick={(event) => {
          event.preventDefault();
          openModal('signup', { next: window.location.pathname + window.location.search, action: 'drawer-banner' });
        }}
      >
        Sign up
      </a>
    </div>
  );
}

function SectionList({ config }: { config: SiteConfig }) {
  const { pathname, search } = useLocation();
  return (
    <nav aria-label="Sections">
      <ul className={styles.group}>
        {drawerSections(config, search).map((section) => {
          const active = isSectionActive(section, pathname);
          return (
            <li key={section.label} className={styles.item}>
              <Link
                href={section.href}
                className={`${styles.link} ${active ? styles.active : ''}`}
                aria-current={active ? 'page' : undefined}
                data-tooltip-anchor={section.tooltip}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const tagLabel = (tag: Tag) => tag.name ?? displayTag(tag.key);

function PinButton({ tag }: { tag: Tag }) {
  const pinned = useTags((s) => s.favorites.some((t) => t.key === tag.key));
  const favourite = useTags((s) => s.favourite);
  const unfavourite = useTags((s) => s.unfavourite);
  return (
    <button
      type="button"
      className={styles.pin}
      aria-pressed={pinned}
      aria-label={`${pinned ? 'Unpin' : 'Pin'} ${tagLabel(tag)}`}
      title={pinned ? 'Unpin' : 'Pin'}
      onClick={() => (pinned ? unfavourite(tag) : favourite(tag))}
    >
      <Icon d={STAR} />
    </button>
  );
}

function TagItem({ tag }: { tag: Tag }) {
  return (
    <li className={styles.item}>
      <Link href={tag.url} className={styles.link}>
        {tagLabel(tag)}
      </Link>
      <PinButton tag={tag} />
    </li>
  );
}

/**
 * Recents and Pinned come from this browser's storage (tags/tag-store.ts), which the server does not see: they join the
 * drawer once the page is hydrated, so the server's HTML and the browser's first render are the same (React #418).
 */
function KeptTags() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <>
      <Recents />
      <Pinned />
    </>
  );
}

function Recents() {
  const recents = useTags((s) => s.recents);
  const clearRecents = useTags((s) => s.clearRecents);
  const [confirming, setConfirming] = useState(false);
  if (recents.length === 0) return null;
  return (
    <section aria-labelledby="drawer-recents">
      <h2 id="drawer-recents" className={styles.heading}>
        Recents
        {!confirming && (
          <button type="button" className={styles.headingAction} onClick={() => setConfirming(true)}>
            Clear
          </button>
        )}
      </h2>
      {confirming && (
        <div className={styles.confirm} role="group" aria-label="Clear recents?">
          <span>Clear recents?</span>
          <button
            type="button"
            onClick={() => {
              clearRecents();
              setConfirming(false);
            }}
          >
            Clear
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
      <ul className={styles.group}>
        {recents.map((tag) => (
          <TagItem key={tag.key} tag={tag} />
        ))}
      </ul>
    </section>
  );
}

function Pinned() {
  const favorites = useTags((s) => s.favorites);
  if (favorites.length === 0) return null;
  return (
    <section aria-labelledby="drawer-pinned">
      <h2 id="drawer-pinned" className={styles.heading}>
        Pinned
      </h2>
      <ul className={styles.group}>
        {favorites.map((tag) => (
          <TagItem key={tag.key} tag={tag} />
        ))}
      </ul>
    </section>
  );
}

const pageTag = (page: FollowedPage): Tag => ({ key: page.kind === 'interest' ? `interest:${page.key}` : page.key, url: page.url, name: page.name });

function Following() {
  const loggedIn = useUser(selectIsLoggedIn);
  const pages = useFollowed((s) => s.pages);
  const [expanded, setExpanded] = useState(false);
  if (!loggedIn) return null;
  const sorted = sortFollowed(pages);
  const shown = expanded ? sorted : sorted.slice(0, FOLLOWING_SHOWN);
  return (
    <section aria-labelledby="drawer-following">
      <h2 id="drawer-following" className={styles.heading}>
        Following
        <button type="button" className={styles.headingAction} onClick={() => openModal('follow-pages')}>
          Edit
        </button>
      </h2>
      <ul className={styles.group}>
        {shown.map((page) => (
          <TagItem key={`${page.kind}:${page.key}`} tag={pageTag(page)} />
        ))}
      </ul>
      {!expanded && sorted.length > FOLLOWING_SHOWN && (
        <button type="button" className={styles.more} onClick={() => setExpanded(true)}>
          More ({sorted.length - FOLLOWING_SHOWN})
        </button>
      )}
    </section>
  );
}

/**
 * Keyed by the interest's own key: its listType is the list kind, the same for every interest. Named without its
 * emoji, which shows as an empty box where no emoji font is installed.
 */
const interestTag = (interest: Interest): Tag => ({ key: `interest:${interestKey(interest)}`, url: interest.url, name: interest.name });

function Interests() {
  const interests = useInterests((s) => s.interests);
  const adultMode = useUser((s) => selectUser(s)?.nsfwMode ?? false);
  const shown = visibleInterests(interests, adultMode);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="drawer-interests">
      <h2 id="drawer-interests" className={styles.heading}>
        Interests
      </h2>
      <ul className={styles.group}>
        {shown.map((interest) => {
          const tag = interestTag(interest);
          return <TagItem key={tag.key} tag={tag} />;
        })}
      </ul>
    </section>
  );
}
