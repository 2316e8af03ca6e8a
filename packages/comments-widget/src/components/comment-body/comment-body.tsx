import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { Comment } from '@guffaw/comments-client';
import { RichText } from '../../lib/rich-text.js';
import { MASK_KEY, type MaskKind } from '../../lib/visibility.js';
import { useT } from '../../stores/widget-stores.js';
import { CommentMedia, LinkCard } from '../comment-media/index.js';

/** Text, media and link cards of a comment; behind a mask until revealed when one applies. */
export function CommentBody({ comment, mask, onNavigate }: {
  comment: Comment;
  mask: MaskKind | null;
  onNavigate?: ((url: string) => void) | undefined;
}) {
  const [revealed, setRevealed] = useState(false);
  const t = useT();
  if (comment.isDeleted) return <p className="gfw-deleted">{t('deleted')}</p>;
  if (mask && !revealed) {
    return (
      <div className="gfw-mask">
        <p>{t(MASK_KEY[mask])}</p>
        <button type="button" className="gfw-button" onClick={() => setRevealed(true)}>{t('showComment')}</button>
      </div>
    );
  }
  return (
    <div className="gfw-body">
      {comment.text && (
        <LongText>
          <RichText text={comment.text} mentionMapping={comment.mentionMapping} onNavigate={onNavigate} />
        </LongText>
      )}
      {comment.media.map((media, i) => (
        <CommentMedia key={i} media={media} alt={comment.mediaText || t('mediaBy', { name: comment.user.displayName })} />
      ))}
      {comment.links.map((link) => <LinkCard key={link.url} link={link} />)}
    </div>
  );
}

/** Lines a comment shows before "Read more". */
export const SHOWN_LINES = 12;

/**
 * A comment's text, cut after SHOWN_LINES lines by CSS line-clamp (see .gfw-text[data-clamp]): it is long when the
 * clamped box overflows, measured again when its width changes, so a short comment has no button.
 */
function LongText({ children }: { children: ReactNode }) {
  const text = useRef<HTMLParagraphElement>(null);
  const [long, setLong] = useState(false);
  const [open, setOpen] = useState(false);
  const t = useT();
  const shrunk = useRef(false);
  useLayoutEffect(() => {
    const el = text.current;
    if (!el || open) return;
    // Shown less, the text may end above what the reader sees: its end (and the button) come back into view.
    if (shrunk.current) el.scrollIntoView?.({ block: 'nearest' });
    shrunk.current = false;
    const measure = () => setLong(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [open, children]);
  return (
    <>
      {/* dir="auto": each comment takes its direction from its own first strong character (Arabic, Hebrew...). */}
      <p ref={text} className="gfw-text" dir="auto" data-clamp={open ? undefined : ''}>{children}</p>
      {long && (
        <button
          type="button"
          className="gfw-text-button gfw-more"
          onClick={() => {
            shrunk.current = open;
            setOpen(!open);
          }}
        >
          {t(open ? 'showLess' : 'readMore')}
        </button>
      )}
    </>
  );
}
