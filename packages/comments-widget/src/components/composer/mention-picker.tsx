import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Comment } from '@guffaw/comments-client';
import { useViewer } from '../../stores/viewer.js';
import { useT, useWidget } from '../../stores/widget-stores.js';
import { addEnglish } from '../../i18n/translate.js';
import { enParts } from '../../i18n/en-parts.js';

addEnglish(enParts);

/** How many people the list offers at once. */
export const MENTION_CHOICES = 6;

/** An @word being typed right before the caret (the characters a mention may hold, lib/rich-text.tsx). */
const TYPING = /(?:^|\s)@([\p{L}\p{N}_.-]*)$/u;

/**
 * The section's participants as mention choices, most recent first: named authors of the comments loaded, not the
 * viewer, not the anonymous OP (naming them would tell who it is), not the authors of deleted comments. The comment
 * service has no list of the people a viewer follows, so the section's participants are the whole list.
 */
export function mentionChoices(comments: Record<string, Comment>, query: string, viewerId: string | null): string[] {
  const q = query.toLowerCase();
  const seen = new Set<string>();
  const starts: string[] = [];
  const contains: string[] = [];
  for (const c of Object.values(comments).sort((a, b) => b.timestamp - a.timestamp)) {
    const name = c.user.displayName;
    if (c.isDeleted || c.opStatus === 2 || c.user.userId === viewerId || !name || seen.has(name)) continue;
    seen.add(name);
    const at = name.toLowerCase().indexOf(q);
    if (at === 0) starts.push(name);
    else if (at > 0) contains.push(name);
  }
  return [...starts, ...contains].slice(0, MENTION_CHOICES);
}

type Typing = { start: number; query: string };

/** The @word being typed right before the box's caret, if any. */
function typingIn(el: HTMLTextAreaElement): Typing | null {
  const before = el.value.slice(0, el.selectionStart);
  const match = TYPING.exec(before);
  return match ? { start: before.length - match[1]!.length - 1, query: match[1]! } : null;
}

/**
 * @-mention autocomplete for a composer's text box (WAI-ARIA combobox with a listbox popup): the box keeps the
 * focus and points at the active option with aria-activedescendant; ArrowUp/Down move, Enter or Tab pick, Escape
 * closes. The list is in the flow under the box, not a popover: a comment's row grows to hold it, so it is never
 * clipped, and in the embed the frame grows with it, with no placing code (the frame's size budget).
 *
 * Loaded on demand (../lazy-parts.tsx) once the box is first focused, so it reads the box's own events: keys, caret
 * moves by key or click (not select, which Preact, in the frame, leaves as the native event of a selection), input
 * and blur. A key the list takes stops there, before the composer's handlers (Escape closes the list, not a reply).
 */
export function MentionPicker({ field, write }: { field: RefObject<HTMLTextAreaElement | null>; write: (text: string) => void }) {
  const { section } = useWidget();
  const t = useT();
  const viewer = useViewer();
  const id = useId();
  const caret = useRef<number | null>(null);
  const [typing, setTyping] = useState<Typing | null>(null);
  const [active, setActive] = useState(0);
  const choices = typing ? mentionChoices(section.getState().comments, typing.query, viewer.userId) : [];
  const open = choices.length > 0;
  const optionId = (i: number) => `${id}-${i}`;

  /** Reads what is typed before the caret: an @word opens (or narrows) the list, anything else closes it. */
  const update = () => {
    const el = field.current;
    if (!el) return;
    const next = typingIn(el);
    if (next?.start !== typing?.start || next?.query !== typing?.query) {
      setTyping(next);
      setActive(0);
    }
  };

  const pick = (name: string) => {
    const el = field.current;
    if (!el || !typing) return;
    const inserted = `@${name} `;
    caret.current = typing.start + inserted.length;
    write(el.value.slice(0, typing.start) + inserted + el.value.slice(el.selectionStart));
    setTyping(null);
  };

  // Opened under a box near the bottom of what the reader sees (the last reply): brought into view, in a frame too.
  useLayoutEffect(() => {
    if (open) document.getElementById(id)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, id]);

  // The box's attributes and events, with this render's state. The caret goes after an inserted mention once the
  // store's text is in the box.
  useLayoutEffect(() => {
    const el = field.current;
    if (!el) return;
    if (caret.current !== null) {
      el.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
    const attribute = (name: string, value: string | false) => (value ? el.setAttribute(name, value) : el.removeAttribute(name));
    attribute('aria-controls', open && id);
    attribute('aria-activedescendant', open && optionId(active));
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!open || event.isComposing) return;
      const { key } = event;
      if (key === 'ArrowDown' || key === 'ArrowUp') {
        setActive((active + (key === 'ArrowDown' ? 1 : -1) + choices.length) % choices.length);
      } else if ((key === 'Enter' && !event.ctrlKey && !event.metaKey && !event.shiftKey) || (key === 'Tab' && !event.shiftKey)) {
        pick(choices[active]!);
      } else if (key === 'Escape') {
        setTyping(null);
      } else {
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    };
    const onKeyUp = (event: globalThis.KeyboardEvent) => event.key !== 'Escape' && update();
    const close = () => setTyping(null);
    el.addEventListener('keydown', onKeyDown);
    el.addEventListener('keyup', onKeyUp);
    el.addEventListener('click', update);
    el.addEventListener('input', update);
    el.addEventListener('blur', close);
    return () => {
      attribute('aria-controls', false);
      attribute('aria-activedescendant', false);
      el.removeEventListener('keydown', onKeyDown);
      el.removeEventListener('keyup', onKeyUp);
      el.removeEventListener('click', update);
      el.removeEventListener('input', update);
      el.removeEventListener('blur', close);
    };
  });

  if (!open) return null;
  return (
    <ul id={id} role="listbox" aria-label={t('peopleToMention')} className="gfw-menu-list gfw-mentions">
      {choices.map((name, i) => (
        <li
          key={name}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          className="gfw-menu-item"
          // The box keeps the focus (and its caret) while a choice is clicked.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => pick(name)}
        >
          @{name}
        </li>
      ))}
    </ul>
  );
}
