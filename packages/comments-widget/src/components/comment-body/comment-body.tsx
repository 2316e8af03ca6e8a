import { useState } from 'react';
import type { Comment } from '@guffaw/comments-client';
import { RichText } from '../../lib/rich-text.js';
import { MASK_TEXT, type MaskKind } from '../../lib/visibility.js';
import { CommentMedia, LinkCard } from '../comment-media/index.js';

/** Text, media and link cards of a comment; behind a mask until revealed when one applies. */
export function CommentBody({ comment, mask, onNavigate }: {
  comment: Comment;
  mask: MaskKind | null;
  onNavigate?: ((url: string) => void) | undefined;
}) {
  const [revealed, setRevealed] = useState(false);
  if (comment.isDeleted) return <p className="gfw-deleted">This comment was deleted.</p>;
  if (mask && !revealed) {
    return (
      <div className="gfw-mask">
        <p>{MASK_TEXT[mask]}</p>
        <button type="button" className="gfw-button" onClick={() => setRevealed(true)}>Show comment</button>
      </div>
    );
  }
  return (
    <div className="gfw-body">
      {comment.text && (
        // dir="auto": each comment takes its direction from its own first strong character (Arabic, Hebrew...).
        <p className="gfw-text" dir="auto">
          <RichText text={comment.text} mentionMapping={comment.mentionMapping} onNavigate={onNavigate} />
        </p>
      )}
      {comment.media.map((media, i) => (
        <CommentMedia key={i} media={media} alt={comment.mediaText || `Media posted by ${comment.user.displayName}`} />
      ))}
      {comment.links.map((link) => <LinkCard key={link.url} link={link} />)}
    </div>
  );
}
