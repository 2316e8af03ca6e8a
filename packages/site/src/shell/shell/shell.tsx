import { lazy, Suspense, useCallback, useEffect } from 'react';
import { AdsStarter, showsSidebarAds, useCampaignConfig } from '../../ads';
import { useSiteConfig } from '../../config';
import { pageKey, useSiteTracker } from '../../analytics';
import { ConsentBanner } from '../../consent/consent-banner';
import { useMediaQuery } from '../../lib/use-media-query';
import { RouteOutlet, useHydrated, useLocation, useRouteMatch } from '../../router';
import { Drawer, drawerQuery, useDrawer } from '../drawer';
import { ModalHost } from '../modals/modal-host';
import { TopBar } from '../top-bar';
import styles from './shell.module.css';

/** The referral banner's code loads only where the promotion is configured (REFERRAL_* settings), never on a default home. */
/**
 * First-visit tooltips load after the page is up: the engine, its definitions and the placing that keeps a tooltip off
 * what people use or read (lib/covers.ts) are not part of the home route's first script; the engine waits for its
 * anchors anyway.
 */
const TooltipLayer = lazy(() => import('../tooltips/tooltip-layer').then((m) => ({ default: m.TooltipLayer })));

/**
 * Back to top (shown once the page is scrolled) and the toasts (placed around what they would cover) are client-only
 * pieces: they load after the page is up, out of the home route's first script (its 120 KB budget); a toast pushed
 * before (Welcome back) waits in its store and shows when the region arrives.
 */
const BackToTop = lazy(() => import('../back-to-top/back-to-top').then((m) => ({ default: m.BackToTop })));
const ToastRegion = lazy(() => import('../../ui/toasts/toast-region').then((m) => ({ default: m.ToastRegion })));

/**
 * What the side column holds (the sidebar ads; on list pages popular tags and trending posts when no ad fills it)
 * loads once the page is up, out of the home route's first script; the column's width is part of the layout anyway.
 */
const SideColumn = lazy(() => import('../../feed/list-parts').then((m) => ({ default: m.SideColumn })));

const ReferralBanner = lazy(() => import('../../referral/referral-banner').then((m) => ({ default: m.ReferralBanner })));

/**
 * The application shell (shell-and-account.md §2 "Shell layout"): top bar, drawer (permanent from 1280 px, 1441 px with
 * a campaign background; an overlay below, closed on every route change; absent on the upload page), the routed view,
 * back-to-top, toasts and the one open modal. Embed routes (chrome "none") get the view alone. The top bar, the drawer
 * and the referral banner are given the site config with the running campaign's parts.
 */
export function Shell() {
  const config = useCampaignConfig(useSiteConfig());
  const tracker = useSiteTracker();
  const match = useRouteMatch();
  const chrome = match?.route.chrome ?? 'full';
  const { pathname } = useLocation();
  const wide = useMediaQuery(drawerQuery(Boolean(config.adCampaign?.background)));
  // The server and the hydration render both modes' markup, left to CSS; the client's mode follows without a move.
  const hydrated = useHydrated();
  const mode = !hydrated ? 'auto' : wide ? 'permanent' : 'overlay';
  const open = useDrawer((s) => s.open);
  const setOpen = useDrawer((s) => s.setOpen);
  const toggle = useDrawer((s) => s.toggle);
  const close = useCallback(() => setOpen(false), [setOpen]);

  useEffect(() => close(), [pathname, close]);
  const routeName = match?.route.name ?? null;
  useEffect(() => {
    const key = routeName && match ? pageKey({ route: routeName, params: match.params, pathname }) : null;
    if (key) tracker?.track('page-view', { key });
    // One page view per address; match is read for its params at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, routeName]);
  useEffect(() => {
    if (wide) close();
  }, [wide, close]);

  if (chrome === 'none') {
    return (
      <>
        <RouteOutlet />
        <ModalHost />
      </>
    );
  }
  const drawer = chrome === 'full';
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar config={config} showMenuButton={drawer && (mode === 'auto' ? 'narrow' : !wide)} drawerOpen={open} onMenu={toggle} />
      <div className={styles.layout}>
        {drawer && <Drawer mode={mode} open={open} onClose={close} config={config} />}
        <main id="main" className={styles.main} tabIndex={-1}>
          {config.referral && config.features.referral !== 0 && (
            <Suspense fallback={null}>
              <ReferralBanner config={config} />
            </Suspense>
          )}
          <RouteOutlet fallback={<p role="status">Loading…</p>} />
        </main>
        {drawer && showsSidebarAds(routeName) && (
          <div className={styles.side} data-testid="ad-sidebar">
            {hydrated && (
              <Suspense fallback={null}>
                <SideColumn route={routeName} />
              </Suspense>
            )}
          </div>
        )}
      </div>
      <AdsStarter />
      {/* Client-only: a tooltip needs the laid-out page, and the server does not wait for lazy chunks. */}
      {hydrated && (
        <Suspense fallback={null}>
          <TooltipLayer />
          <BackToTop />
        </Suspense>
      )}
      <ConsentBanner serviceUrl={config.privacyServiceUrl} />
      {hydrated && (
        <Suspense fallback={null}>
          <ToastRegion />
        </Suspense>
      )}
      <ModalHost />
    </>
  );
}
