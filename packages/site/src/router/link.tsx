import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { navigate } from './history';

export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; replace?: boolean };

/** A real anchor (open in new tab, copy link, crawlers) that navigates in-app on a plain left click. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ href, replace, onClick, target, ...rest }, ref) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !shouldHandle(event, target, href)) return;
    event.preventDefault();
    navigate(href, replace ? { replace } : {});
  };
  return <a ref={ref} href={href} target={target} onClick={handleClick} {...rest} />;
});

function shouldHandle(event: MouseEvent<HTMLAnchorElement>, target: string | undefined, href: string): boolean {
  if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  if (target && target !== '_self') return false;
  try {
    return new URL(href, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}
