import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import type { Comment } from '@guffaw/comments-client';
import { waitLabel } from '../../lib/wait-label.js';
import { useScrollLock } from '../../lib/scroll-lock.js';
import { codePoints, UPLOAD_TYPES } from '../../stores/composer-store.js';
import { selectClosedNotice } from '../../stores/section-store.js';
import { selectIsModerator, selectMaxLength } from '../../stores/user-store.js';
import { useViewer } from '../../stores/viewer.js';
import { Attachments, BanNotice, MentionPicker } from '../lazy-parts.js';
import { useCommentUser, useComposers, useLanguage, useSection, useWidget } from '../../stores/widget-stores.js';

/** A reply starts with a mention of the parent's author, or of the OP when anonymous. */
export const mentionOf = (parent: Comment): string => `@${parent.opStatus === 2 ? 'OP' : parent.user.displayName} `;

export type ComposerProps = {
  composerKey: string;
  /** The comment replied to; absent for a top-level comment. */
  parent?: Comment | undefined;
  /** Called after a reply was sent or cancelled (the caller returns focus). */
  onDone?: (() => void) | undefined;
  /**
   * Names this composer's element ids and its data-composer attribute (default: the composer key), so a second
   * composer of the same draft (a host's bottom bar) keeps the ids unique.
   */
  idPrefix?: string | undefined;
};

export function Composer({ composerKey, parent, onDone, idPrefix = composerKey }: ComposerProps) {
  const { composers, options } = useWidget();
  const viewer = useViewer();
  const { t, locale } = useLanguage();
  const composer = useComposers((s) => s.composers[composerKey]);
  const closed = useSection(selectClosedNotice);
  const isForum = useSection((s) => s.isForum);
  const moderator = useCommentUser(selectIsModerator);
  const maxLength = useCommentUser(selectMaxLength);
  const quota = useCommentUser((s) => s.quota);
  const ban = useCommentUser((s) => (s.info?.banned ? s.info.ban : undefined));
  const textarea = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const ids = { counter: useId(), quota: useId(), notice: useId() };
  const [dropping, setDropping] = useState(false);
  // The @-mention list loads once the box is first focused (lazy-parts.tsx).
  const [mentioning, setMentioning] = useState(false);
  const isReply = parent !== undefined;

  // Before the scroll lock below (effects run in order): a reply opened at the window's bottom edge is brought into
  // view, box and buttons, while the page may still scroll; the lock would leave it cut off. Only where the host asked
  // for the lock (its own page): a frame never scrolls its host page by itself.
  useEffect(() => {
    if (!isReply) return;
    const field = textarea.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
    if (options.lockScroll === true) field.form?.scrollIntoView?.({ block: 'nearest' });
  }, [isReply]); // eslint-disable-line react-hooks/exhaustive-deps
  useScrollLock(options.lockScroll === true && isReply && Boolean(composer?.active));

  if (closed && !moderator) {
    return isReply ? null : <p className="gfw-note" role="note">{t(closed)}</p>;
  }
  // Bans: a banned member reads why and until when instead of a composer (an ended ban is no ban).
  if (ban && viewer.loggedIn) {
    return isReply ? null : <BanNotice ban={ban} />;
  }
  if (!viewer.loggedIn) {
    if (isReply) return null;
    return (
      <div className="gfw-composer gfw-composer-visitor" data-composer={idPrefix}>
        <button type="button" className="gfw-button gfw-primary" onClick={() => options.onRequireLogin?.()}>
          {t(isForum ? 'loginToAnswer' : 'loginToComment')}
        </button>
      </div>
    );
  }

  const state = composer;
  const message = state?.message ?? '';
  const attachments = state?.attachments ?? [];
  const waiting = quota !== null && quota.count <= 0;
  const uploading = attachments.some((a) => a.status === 'uploading');
  const empty = message.trim() === '' && !attachments.some((a) => a.status === 'ready');
  const prompt = t(isReply ? 'writeReply' : isForum ? 'writeAnswer' : 'writeComment');
  // comments.md §5: the limit is in characters as the service counts them (code points), so an emoji counts once.
  const used = codePoints(message);
  const blocked = empty || waiting || uploading || state?.sending === true;

  const post = async () => {
    const sent = await composers.getState().send(composerKey);
    if (sent && isReply) onDone?.();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void post();
  };
  // A pasted or dropped file takes the Attach media path: the same type, size and one-attachment checks.
  const attachFirst = (files: FileList | undefined) => {
    const chosen = files?.[0];
    if (chosen) void composers.getState().attach(composerKey, chosen);
    return chosen !== undefined;
  };
  const dragging = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDropping(true);
  };
  const cancel = () => {
    composers.getState().close(composerKey);
    onDone?.();
  };

  return (
    <form
      className="gfw-composer"
      data-composer={idPrefix}
      aria-label={isReply ? t('replyTo', { name: parent.opStatus === 2 ? 'OP' : parent.user.displayName }) : prompt}
      onSubmit={submit}
      data-dropping={dropping || undefined}
      onDragEnter={dragging}
      onDragOver={dragging}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={(event) => {
        setDropping(false);
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
        attachFirst(event.dataTransfer.files);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isReply) {
          event.stopPropagation();
          cancel();
        }
      }}
    >
      <label className="gfw-sr-only" htmlFor={`${idPrefix}-text`}>{prompt}</label>
      <textarea
        ref={textarea}
        id={`${idPrefix}-text`}
        className="gfw-textarea"
        value={message}
        // No maxLength attribute: browsers count it in UTF-16 units (an emoji is two), the store cuts by code points.
        dir="auto"
        rows={isReply ? 2 : 3}
        placeholder={`${prompt}…`}
        aria-describedby={[ids.counter, waiting ? ids.quota : '', state?.notice ? ids.notice : ''].filter(Boolean).join(' ')}
        aria-autocomplete="list"
        onChange={(event) => composers.getState().setMessage(composerKey, event.target.value, maxLength)}
        onKeyDown={(event) => {
          // Ctrl+Enter (Cmd+Enter on macOS) posts, as in most comment boxes; not while an IME is composing.
          if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing) return;
          event.preventDefault();
          if (!blocked) void post();
        }}
        onPaste={(event) => {
          // A pasted image (a screenshot, a copied picture) is attached; pasted text goes in as usual.
          if (attachFirst(event.clipboardData.files)) event.preventDefault();
        }}
        onFocus={() => {
          setMentioning(true);
          composers.getState().setFocused(composerKey, true);
        }}
        onBlur={() => composers.getState().setFocused(composerKey, false)}
      />
      {mentioning && <MentionPicker field={textarea} write={(text) => composers.getState().setMessage(composerKey, text, maxLength)} />}
      {attachments.length > 0 && <Attachments composerKey={composerKey} attachments={attachments} />}
      {waiting && (
        <p id={ids.quota} className="gfw-note">{t('commentAgainIn', { wait: waitLabel(quota.wait, locale) })}</p>
      )}
      {state?.notice && <p id={ids.notice} className="gfw-error" role="alert">{state.notice}</p>}
      <div className="gfw-composer-bar">
        <input
          ref={file}
          type="file"
          className="gfw-sr-only"
          tabIndex={-1}
          aria-hidden="true"
          aria-label={t('attachMedia')}
          accept={UPLOAD_TYPES.join(',')}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) void composers.getState().attach(composerKey, chosen);
          }}
        />
        <button type="button" className="gfw-button" onClick={() => file.current?.click()}>{t('attachMedia')}</button>
        {viewer.canAnonymous && (
          <label className="gfw-choice">
            <input
              type="checkbox"
              checked={state?.anonymous ?? false}
              onChange={(event) => composers.getState().setAnonymous(composerKey, event.target.checked)}
            />
            {t('postAsOp')}
          </label>
        )}
        {/* Within the last tenth of the limit the counter turns to the warning colour (data-near). */}
        <span id={ids.counter} className="gfw-counter" data-near={used >= maxLength * 0.9 || undefined} aria-label={t('characters', { used, max: maxLength })}>
          {used}/{maxLength}
        </span>
        {isReply && <button type="button" className="gfw-button" onClick={cancel}>{t('cancel')}</button>}
        <button type="submit" className="gfw-button gfw-primary" disabled={blocked}>
          {t(state?.sending ? 'posting' : isReply ? 'reply' : 'post')}
        </button>
      </div>
    </form>
  );
}
