import { useEffect, useRef, useState } from 'react';
import { useSiteConfig, type SiteConfig } from '../config';
import { useConsent } from '../consent/consent-store';
import { useUser } from '../user/user-store';
import { AdSlot } from './ad-slot';
import { adsStore, hidesAds, isInlineAdPosition, useAds } from './ads-store';
import styles from './ads.module.css';
import { HOME_LIST_PATH } from '../lib/endpoints/lists';

/** The feeds' home list (posts-and-feeds.md §2: the home post list shows the billboard). */
export { HOME_LIST_PATH } from '../lib/endpoints/lists';
/** shell-and-account.md §9: billboard removal delay 1000 ms, recheck every 5000 ms; the slide-up takes 0.5 s. */
export const BILLBOARD_REMOVE_DELAY_MS = 1000;
export const BILLBOARD_RECHECK_MS = 5000;
export const BILLBOARD_SLIDE_MS = 500;
/** Until the server's intervals are known, the default ones (README "Ads"). */
const DEFAULT_INTERVALS = [3, 5];

/** Starts the ads once per page (consent, user, region rules in the store); mounted by the shell. */
export function AdsStarter() {
  const serviceUrl = useSiteConfig().privacyServiceUrl;
  useEffect(() => {
    void adsStore.getState().start(serviceUrl);
  }, [serviceUrl]);
  // Later changes of the user (login, a saved hideAds) or of the consent (Accept after the wait gave up, a withdrawal)
  // turn ads off or on again; before the start has settled both rechecks leave it alone.
  const hide = useUser(hidesAds);
  useEffect(() => adsStore.getState().recheckUser(), [hide]);
  const consent = useConsent((s) => `${s.choice ?? ''}|${s.usprivacy}`);
  useEffect(() => adsStore.getState().recheckConsent(), [consent]);
  const background = useAds((s) => s.setup?.adCampaign?.background ?? null);
  useEffect(() => {
    if (!background) return;
    document.body.style.background = background;
    return () => {
      document.body.style.background = '';
    };
  }, [background]);
  return null;
}

/** The shell's config with the running campaign's nav link, background and banner list (shell-and-account.md §3). */
export function useCampaignConfig(config: SiteConfig): SiteConfig {
  const setup = useAds((s) => s.setup);
  if (!setup?.enabled || (!setup.adCampaign && setup.campaigns.length === 0)) return config;
  return { ...config, adCampaign: setup.adCampaign ?? config.adCampaign, campaigns: setup.campaigns.length > 0 ? setup.campaigns : config.campaigns };
}

/** posts-and-feeds.md §4: an inline_ad container after the posts at the configured intervals. */
export function InlineAd({ position }: { position: number }) {
  const intervals = useAds((s) => s.setup?.inlineIntervals ?? DEFAULT_INTERVALS);
  if (!isInlineAdPosition(position, intervals)) return null;
  return <AdSlot slot="inline_ad" box="inline" />;
}

/** The post page's slot, under the share bar. */
export function PostAd() {
  return <AdSlot slot="post" box="inline" />;
}

/**
 * shell-and-account.md §4 "Billboard ad": sticks under the top nav once rendered; once the reader has scrolled and
 * the ad was viewed (checked every 5 s) it slides up after 1 s and is removed. A 1x1 creative collapses it.
 */
export function Billboard({ path }: { path: string }) {
  const [viewed, setViewed] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [removed, setRemoved] = useState(false);
  const scrolled = useRef(false);
  useEffect(() => {
    const onScroll = () => {
      if (window.scrollY > 0) scrolled.current = true;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => {
    if (!viewed || leaving) return;
    const timer = setInterval(() => {
      if (scrolled.current) setLeaving(true);
    }, BILLBOARD_RECHECK_MS);
    return () => clearInterval(timer);
  }, [viewed, leaving]);
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => setRemoved(true), BILLBOARD_REMOVE_DELAY_MS + BILLBOARD_SLIDE_MS);
    return () => clearTimeout(timer);
  }, [leaving]);
  if (path !== HOME_LIST_PATH || removed) return null;
  return (
    <div
      className={`${styles.billboard} ${leaving ? styles.billboardLeaving : ''} ${collapsed ? styles.collapsed : ''}`}
      style={leaving ? { transitionDelay: `${BILLBOARD_REMOVE_DELAY_MS}ms` } : undefined}
      data-testid="billboard"
      data-state={collapsed ? 'collapsed' : leaving ? 'leaving' : 'shown'}
    >
      <AdSlot slot="billboard" box="inline" fixed onViewed={() => setViewed(true)} onCollapse={() => setCollapsed(true)} />
    </div>
  );
}

/**
 * posts-and-feeds.md §4 "A sidebar appears only on list-view routes (and the post view sidebar on post views only)";
 * the list views are home, interest, tag, user list and search (comments.md §2). Route names as in the route table.
 */
export const SIDEBAR_AD_ROUTES: ReadonlySet<string> = new Set(['home list', 'tag list', 'interest list', 'search list', 'user list', 'post']);
export const showsSidebarAds = (routeName: string | null | undefined): boolean => !!routeName && SIDEBAR_AD_ROUTES.has(routeName);
