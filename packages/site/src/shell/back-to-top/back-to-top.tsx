import { useEffect, useRef, useState } from 'react';
import { CONTROLS, coveredBy } from '../../lib/covers';
import { Icon, TO_TOP } from '../../ui/icons/icons';
import styles from './back-to-top.module.css';

/** §9: shown once the page has scrolled more than 600 px, checked every 500 ms. */
export const BACK_TO_TOP_AFTER_PX = 600;
export const BACK_TO_TOP_CHECK_MS = 500;

export function BackToTop() {
  const [visible, setVisible] = useState(false);
  // A control under the button (Load more comments at the foot of a phone's screen): it steps aside, out of sight
  // and out of the way of clicks, until the control has scrolled on.
  const [covering, setCovering] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = 0;
      setVisible(window.scrollY > BACK_TO_TOP_AFTER_PX);
      const el = button.current;
      setCovering(el ? coveredBy(el.getBoundingClientRect(), CONTROLS, el) !== null : false);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    const timer = setInterval(check, BACK_TO_TOP_CHECK_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearInterval(timer);
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      ref={button}
      type="button"
      className={covering ? `${styles.button} ${styles.aside}` : styles.button}
      aria-hidden={covering || undefined}
      tabIndex={covering ? -1 : undefined}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <Icon d={TO_TOP} />
      <span className={styles.label}>Back to top</span>
    </button>
  );
}
