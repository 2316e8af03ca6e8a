import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { CaptionBox, Point } from './meme-canvas';
import styles from './upload.module.css';

type Handle = { key: 'top' | 'bottom'; label: string; box: CaptionBox };

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
/** Arrow keys move a caption by 2% of the picture (10% with Shift). */
const STEP = 0.02;
const BIG_STEP = 0.1;

/**
 * The captions' handles over the meme preview: each covers its caption as drawn and moves it by dragging (pointer
 * events, so mouse, pen and touch) or by the arrow keys once focused. Positions are fractions of the picture.
 */
export function MemeHandles({ handles, hintId, onMove }: { handles: Handle[]; hintId: string; onMove: (key: Handle['key'], at: Point) => void }) {
  const layer = useRef<HTMLDivElement>(null);
  const dragging = useRef<{ key: Handle['key']; dx: number; dy: number } | null>(null);

  const pointAt = (event: PointerEvent) => {
    const rect = layer.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return null;
    return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height };
  };

  const down = (handle: Handle) => (event: PointerEvent<HTMLButtonElement>) => {
    const at = pointAt(event);
    if (!at) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    // Keep the grip where it was taken: the caption does not jump to centre on the pointer.
    dragging.current = { key: handle.key, dx: handle.box.x - at.x, dy: handle.box.y - at.y };
  };
  const move = (event: PointerEvent) => {
    const drag = dragging.current;
    const at = drag && pointAt(event);
    if (!drag || !at) return;
    onMove(drag.key, { x: clamp01(at.x + drag.dx), y: clamp01(at.y + drag.dy) });
  };
  const up = () => {
    dragging.current = null;
  };
  const key = (handle: Handle) => (event: KeyboardEvent) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!delta) return;
    event.preventDefault();
    onMove(handle.key, { x: clamp01(handle.box.x + (delta[0] ?? 0)), y: clamp01(handle.box.y + (delta[1] ?? 0)) });
  };

  return (
    <div ref={layer} className={styles.memeHandles}>
      {handles.map((h) => (
        <button
          key={h.key}
          type="button"
          className={styles.memeHandle}
          data-caption={h.key}
          style={{ left: `${h.box.x * 100}%`, top: `${h.box.y * 100}%`, width: `${Math.max(h.box.w * 100, 12)}%`, height: `${Math.max(h.box.h * 100, 6)}%` }}
          aria-label={`Move the ${h.label}`}
          aria-describedby={hintId}
          onPointerDown={down(h)}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
          onKeyDown={key(h)}
        />
      ))}
    </div>
  );
}
