/**
 * Page scroll lock shared by dialogs and the overlay drawer. Counted, so nested locks release in any order; the
 * tooltip engine waits while `isScrollLocked()` (shell-and-account.md §4 "Tooltips").
 */
let locks = 0;
let saved = '';

export function lockScroll(): () => void {
  if (locks++ === 0) {
    saved = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.body.setAttribute('data-scroll-locked', '');
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--locks === 0) {
      document.body.style.overflow = saved;
      document.body.removeAttribute('data-scroll-locked');
    }
  };
}

export const isScrollLocked = (): boolean => locks > 0;
