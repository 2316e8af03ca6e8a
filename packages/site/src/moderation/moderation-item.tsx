import { useEffect, useState } from 'react';
import { Link } from '../router';
import { moderatorRole } from './moderator-role';

/**
 * The account menu's Moderation entry, for the main app's moderators and admins only. It loads with the menu (a lazy
 * chunk), asks once per session token, and shows nothing until the answer is in (or when it failed).
 */
export function ModerationItem({ auth, className, onDone }: { auth: string; className?: string | undefined; onDone: () => void }) {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    let live = true;
    moderatorRole(auth).then((role) => live && setAllowed(role !== 'none'), () => undefined);
    return () => {
      live = false;
    };
  }, [auth]);
  if (!allowed) return null;
  return (
    <li>
      <Link className={className} href="/moderation" onClick={onDone}>
        Moderation
      </Link>
    </li>
  );
}
