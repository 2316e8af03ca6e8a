import type { ReactNode } from 'react';
import { Link } from '../../router';
import { Icon } from '../icons/icons';
import { usePageTitle } from '../page-title';

/** The icons of the states: a page with a question mark (nothing here, not found) and a circle struck through (blocked). */
export const EMPTY_ICON = 'M14 3H6v18h12V7zm0 0v4h4M10 11a2 2 0 1 1 2 2v1m0 3v.01';
export const BLOCKED_ICON = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM5.6 5.6l12.8 12.8';

export type EmptyStateAction = { label: string; href: string } | { label: string; onClick: () => void };

/**
 * One designed state for a page or list with nothing to show (an empty feed, profile tab, search or notifications),
 * the not-found page and what the viewer blocked: an icon of the site's set, a heading, one line and one action.
 * `children` go between the line and the action: suggestions to follow (a search's popular tags).
 * The heading level follows the place: a page's own state is its h1, a list's is an h2 under the page's heading.
 * Its styles are global (theme/global.css .empty-state): lazy pages share it without one more stylesheet to fetch.
 */
export function EmptyState({ icon = EMPTY_ICON, title, text, action, level = 2, testId, children }: { icon?: string; title: string; text: ReactNode; action?: EmptyStateAction | undefined; level?: 1 | 2; testId?: string; children?: ReactNode }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="empty-state" aria-labelledby="empty-state-title" data-testid={testId ?? 'empty-state'}>
      <span className="empty-state-icon">
        <Icon d={icon} />
      </span>
      <Heading id="empty-state-title" className="empty-state-title">
        {title}
      </Heading>
      <p className="empty-state-text">{text}</p>
      {children}
      {action &&
        ('href' in action ? (
          <Link className="empty-state-action" href={action.href}>
            {action.label}
          </Link>
        ) : (
          <button type="button" className="empty-state-action" onClick={action.onClick}>
            {action.label}
          </button>
        ))}
    </section>
  );
}

/** The not-found page: its routes load this module on demand (the default export). */
export function NotFoundPage() {
  usePageTitle('not-found');
  return <EmptyState level={1} title="Page not found" text="There is nothing at this address: the link may be old, or the page was removed." action={{ label: 'Go home', href: '/' }} testId="not-found" />;
}

export default NotFoundPage;
