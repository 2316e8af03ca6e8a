import { useEffect, useState } from 'react';
import styles from './back-to-top.module.css';

/** §9: shown once the page has scrolled more than 600 px, checked every 500 ms. */
export const BACK_TO_TOP_AFTER_PX = 600;
export const BACK_TO_TOP_CHECK_MS = 500;

export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const check = () => setVisible(window.scrollY > BACK_TO_TOP_AFTER_PX);
    check();
    const timer = setInterval(check, BACK_TO_TOP_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.button}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true">↑</span> Back to top
    </button>
  );
}
