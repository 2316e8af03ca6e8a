import { Suspense, lazy, useEffect, type ComponentType } from 'react';
import { useLocation } from '../../router';
import { modalComponent, type ModalComponentProps } from '../../ui/modals/modal-registry';
import { closeModal, listenForModalEvents, useModal, type ModalName } from '../../ui/modals/modal-store';
import { SignupOverlay } from '../../ui/modals/signup-overlay';

const ShortcutsLegend = lazy(() => import('../../ui/shortcuts/shortcuts-legend'));

const CustomizeTags = lazy(() => import('../customize-tags/customize-tags'));
const FollowDialog = lazy(() => import('../follow-dialog/follow-dialog'));
// The referral promotion is the shell's (§1), so its modal is a built-in like the banner.
const PartnerReferral = lazy(() => import('../../referral/partner-referral-modal'));

const builtIn: Partial<Record<ModalName, ComponentType<ModalComponentProps>>> = {
  signup: SignupOverlay,
  shortcuts: ShortcutsLegend,
  'customize-tags': CustomizeTags,
  'follow-pages': FollowDialog,
  'partner-referral': PartnerReferral,
};

/** Draws the one open modal; a route change closes it (the page it belonged to is gone). */
export function ModalHost() {
  const current = useModal((s) => s.current);
  const { pathname } = useLocation();
  useEffect(() => listenForModalEvents(), []);
  useEffect(() => closeModal(), [pathname]);
  if (!current) return null;
  const Component = modalComponent(current.name) ?? builtIn[current.name];
  if (!Component) return null;
  return (
    <Suspense fallback={null}>
      <Component key={current.name} props={current.props} close={closeModal} />
    </Suspense>
  );
}
