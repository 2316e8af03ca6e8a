/**
 * posts-and-feeds.md §3: the Post as the list and post calls send it, and a list page. The wire types are the
 * contract's (@guffaw/api post.ts, list.ts; the server builds them in modules/posts/post-shape.ts): types only here,
 * under the names the site uses.
 */
export type { ArticleBlock, ClipVariant, ImageVariant, Post, PostCreator, PostImages, PostType, ListPage as ListReply } from '@guffaw/api';
import type { Post } from '@guffaw/api';

/** A post's path on this site (`/gag/{id}`), from its absolute postUrl when the server's public URL differs. */
export function postPath(post: Pick<Post, 'id' | 'postUrl'> & Partial<Pick<Post, 'type' | 'url'>>): string {
  // §1: a collection page lives at /collection/{id} (its `url`); its postUrl, /gag/{id}, is the key of its comments.
  if (post.type === 'CollectionPage') {
    const own = `/collection/${encodeURIComponent(post.id)}`;
    try {
      const path = new URL(post.url ?? '', 'http://localhost').pathname;
      return path.startsWith(own) ? path : own;
    } catch {
      return own;
    }
  }
  try {
    return new URL(post.postUrl).pathname;
  } catch {
    return `/gag/${encodeURIComponent(post.id)}`;
  }
}
