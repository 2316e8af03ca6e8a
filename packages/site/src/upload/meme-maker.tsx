import { useEffect, useId, useRef, useState } from 'react';
import { getMemeTemplates } from '../lib/endpoints/posts';
import { fileProblem } from './file-check';
import { FileDrop, usePastedFile } from './file-drop';
import { CAPTION_MAX, CLASSIC_LAYOUT, canvasToFile, drawMeme, type MemeLayout, type PlacedCaptions } from './meme-canvas';
import { MemeHandles } from './meme-handles';
import styles from './upload.module.css';

type Picture = { bitmap: HTMLImageElement; name: string };
/** GET /v1/meme-templates (@guffaw/api). */
export type { MemeTemplate } from '@guffaw/api';
import type { MemeTemplate } from '@guffaw/api';

const NONE: PlacedCaptions = { top: null, bottom: null };

/**
 * ?action=create-meme: pick a template or a picture of one's own, write the top and bottom captions, move them
 * where they belong (drag, or arrow keys), see the meme drawn live on a canvas; "Use this meme" hands the rendered
 * JPEG to the upload form as a Photo marked as a meme.
 */
export function MemeMaker({ onUse, onCancel }: { onUse: (file: File, caption: string) => void; onCancel: () => void }) {
  const id = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [templates, setTemplates] = useState<MemeTemplate[]>([]);
  const [picture, setPicture] = useState<Picture | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [top, setTop] = useState('');
  const [bottom, setBottom] = useState('');
  const [layout, setLayout] = useState<MemeLayout>(CLASSIC_LAYOUT);
  const [placed, setPlaced] = useState<PlacedCaptions>(NONE);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getMemeTemplates(controller.signal)
      .then((data) => setTemplates(data.templates))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (picture && canvas.current) setPlaced(drawMeme(canvas.current, picture.bitmap, top, bottom, layout));
  }, [picture, top, bottom, layout]);

  const open = (url: string, name: string, done?: () => void) => {
    const img = new Image();
    img.onload = () => {
      setPicture({ bitmap: img, name });
      done?.();
    };
    img.onerror = () => {
      setError('This picture could not be opened.');
      done?.();
    };
    img.src = url;
  };

  const pickTemplate = (template: MemeTemplate) => {
    setError(null);
    setChosen(template.id);
    open(template.url, `${template.id}.jpg`);
  };

  const pickFile = async (file: File) => {
    const problem = await fileProblem(file, ['jpeg', 'png', 'gif', 'webp']);
    if (problem) {
      setError(problem.replace('JPEG, PNG or GIF picture', 'JPEG, PNG, GIF or WebP picture'));
      return;
    }
    setError(null);
    setChosen(null);
    const url = URL.createObjectURL(file);
    open(url, file.name, () => URL.revokeObjectURL(url));
  };

  usePastedFile(true, (file) => void pickFile(file));

  const use = async () => {
    if (!canvas.current || !picture) return;
    setBusy(true);
    try {
      drawMeme(canvas.current, picture.bitmap, top, bottom, layout);
      const file = await canvasToFile(canvas.current);
      onUse(file, [top, bottom].map((s) => s.trim()).filter(Boolean).join(' '));
    } catch {
      setError('The meme could not be rendered.');
    } finally {
      setBusy(false);
    }
  };

  const handles = [
    ...(placed.top ? [{ key: 'top' as const, label: 'top text', box: placed.top }] : []),
    ...(placed.bottom ? [{ key: 'bottom' as const, label: 'bottom text', box: placed.bottom }] : []),
  ];
  const moved = layout.top !== null || layout.bottom !== null;

  return (
    <section className={styles.memeMaker} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Create a meme</h2>
      {templates.length > 0 && (
        <div role="group" aria-labelledby={`${id}-templates`}>
          <h3 id={`${id}-templates`} className={styles.subheading}>
            Start from a template
          </h3>
          <ul className={styles.templates}>
            {templates.map((t) => (
              <li key={t.id}>
                <button type="button" className={styles.template} aria-pressed={chosen === t.id} onClick={() => pickTemplate(t)}>
                  <img src={t.url} alt="" loading="lazy" width={96} height={72} />
                  <span>{t.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <FileDrop
        label={templates.length > 0 ? 'Or your own picture' : 'Picture'}
        accept="image/jpeg,image/png,image/gif,image/webp"
        hint="JPEG, PNG, GIF or WebP."
        chosen={chosen === null ? (picture?.name ?? null) : null}
        onFile={(f) => void pickFile(f)}
      />
      <label className={styles.field}>
        Top text
        <input type="text" value={top} maxLength={CAPTION_MAX} onChange={(e) => setTop(e.target.value)} />
      </label>
      <label className={styles.field}>
        Bottom text
        <input type="text" value={bottom} maxLength={CAPTION_MAX} onChange={(e) => setBottom(e.target.value)} />
      </label>
      {picture ? (
        <div className={styles.memeStage}>
          <div className={styles.memeFrame}>
            <canvas ref={canvas} className={styles.memeCanvas} role="img" aria-label={`Meme preview: ${[top, bottom].filter(Boolean).join(' / ') || 'no captions yet'}`} />
            <MemeHandles handles={handles} hintId={`${id}-move-hint`} onMove={(key, at) => setLayout((l) => ({ ...l, [key]: at }))} />
          </div>
          <p id={`${id}-move-hint`} className={styles.hint}>
            Drag a caption to move it, or focus it and use the arrow keys (Shift for bigger steps).
            {moved && (
              <>
                {' '}
                <button type="button" className={styles.linkButton} onClick={() => setLayout(CLASSIC_LAYOUT)}>
                  Put the captions back
                </button>
              </>
            )}
          </p>
        </div>
      ) : (
        <p className={styles.hint}>Choose a template or a picture to start.</p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={styles.primary} disabled={!picture || busy} onClick={() => void use()}>
          Use this meme
        </button>
      </div>
    </section>
  );
}
