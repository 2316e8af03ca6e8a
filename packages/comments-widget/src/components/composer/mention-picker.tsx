import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Comment } from '@guffaw/comments-client';
import { useViewer } from '../../stores/viewer.js';
import { useWidget } from '../../stores/widget-stores.js';

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

/**
 * @-mention autocomplete for a composer's text box (WAI-ARIA combobox with a listbox popup): the box keeps the
 * focus and points at the active option with aria-activedescendant; ArrowUp/Down move, Enter or Tab pick, Escape
 * closes. The list is in the flow under the box, not a popover: a comment's row grows to hold it, so it is never
 * clipped, and in the embed the frame grows with it, with no placing code (the frame's size budget).
 */
export function useMentionPicker(field: RefObject<HTMLTextAreaElement | null>, write: (text: string) => void) {
  const { section } = useWidget();
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
    const before = el.value.slice(0, el.selectionStart);
    const match = TYPING.exec(before);
    const next = match ? { start: before.length - match[1]!.length - 1, query: match[1]! } : null;
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

  // The caret goes after the inserted mention once the store's text is in the box.
  useLayoutEffect(() => {
    const el = field.current;
    if (caret.current === null || !el) return;
    el.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  /** The box's keys while the list is open; true when the key was the list's. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const { key } = event;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      setActive((active + (key === 'ArrowDown' ? 1 : -1) + choices.length) % choices.length);
    } else if ((key === 'Enter' && !event.ctrlKey && !event.metaKey && !event.shiftKey) || (key === 'Tab' && !event.shiftKey)) {
      pick(choices[active]!);
    } else if (key === 'Escape') {
      // The list closes, not the reply composer around it.
      event.stopPropagation();
      setTyping(null);
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  };

  const fieldProps = {
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? id : undefined,
    'aria-activedescendant': open ? optionId(active) : undefined,
    // Caret moves by key or click; not onSelect, which Preact (the frame) leaves as the native event of a selection.
    onKeyUp: (event: KeyboardEvent) => event.key !== 'Escape' && update(),
    onClick: update,
  };

  const popup = open && (
    <ul id={id} role="listbox" aria-label="People to mention" className="gfw-menu-list gfw-mentions">
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

  return { fieldProps, onKeyDown, update, close: () => setTyping(null), popup };
}
