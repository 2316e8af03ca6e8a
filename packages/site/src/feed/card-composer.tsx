import { useEffect, useState } from 'react';
import { createCommentsClient } from '@guffaw/comments-client';
import { Composer, createWidgetStores, MAIN_COMPOSER, WidgetProvider } from '@guffaw/comments-widget';
// The post page's module also brings the widget's stylesheet.
import { blockApi, COMMENT_APP_ID, followApi } from '../post/post-comments';
import { openModal } from '../ui/modals';
import { currentTheme, useTheme } from '../theme/theme';
import { useUser } from '../user/user-store';
import type { Post } from './post-types';

/**
 * posts-and-feeds.md §4 "Comment composer on cards": the widget's composer for one post of a list, set up the way
 * the post page sets up the widget (thread keyed by postUrl, the member's commentAuth). A lazy chunk of its own.
 */
export default function CardComposer({ post }: { post: Post }) {
  const auth = useUser((s) => s.info.user?.commentAuth ?? null);
  const theme = useTheme(currentTheme);
  const [stores] = useState(() =>
    createWidgetStores(createCommentsClient({ appId: COMMENT_APP_ID, auth }), {
      url: post.postUrl,
      isForum: post.type === 'ForumPost',
      canAnonymous: post.comment.canAnonymous,
      followApi,
      blockApi,
      onRequireLogin: () => openModal('signup', { next: window.location.pathname, action: 'comment' }),
    }),
  );
  useEffect(() => {
    stores.client.setAuth(auth);
    void stores.user.getState().load();
  }, [stores, auth]);
  return (
    <WidgetProvider stores={stores}>
      <div className="gfw-root" data-theme={theme} data-testid="card-composer">
        <Composer composerKey={MAIN_COMPOSER} idPrefix={`card-${post.id}`} />
      </div>
    </WidgetProvider>
  );
}
