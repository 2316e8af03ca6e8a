import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { CAPTION_MAX, canvasToFile, drawMeme } from './meme-canvas';
import styles from './upload.module.css';

type Picture = { bitmap: HTMLImageElement; name: string };

/**
 * ?action=create-meme: pick a picture, write the top and bottom captions, see the meme drawn live on a canvas;
 * "Use this meme" hands the rendered JPEG to the upload form as a Photo marked as a meme.
 */
export function MemeMaker({ onUse, onCancel }: { onUse: (file: File, caption: string) => void; onCancel: () => void }) {
  const id = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [picture, setPicture] = useState<Picture | null>(null);
  const [top, setTop] = useState('');
  const [bottom, setBottom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (picture && canvas.current) drawMeme(canvas.current, picture.bitmap, top, bottom);
  }, [picture, top, bottom]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setError(null);
    if (!file) return;
    if (!/^image\/(jpeg|png|gif|webp)$/.test(file.type)) {
      setError('Choose a JPEG, PNG, GIF or WebP picture.');
      return;
    }
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      setPicture({ bitmap: img, name: file.name });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      setError('This picture could not be opened.');
      URL.revokeObjectURL(url);
    };
    img.src = url;
  };

  const use = async () => {
    if (!canvas.current || !picture) return;
    setBusy(true);
    try {
      drawMeme(canvas.current, picture.bitmap, top, bottom);
      const file = await canvasToFile(canvas.current);
      onUse(file, [top, bottom].map((s) => s.trim()).filter(Boolean).join(' '));
    } catch {
      setError('The meme could not be rendered.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.memeMaker} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Create a meme</h2>
      <label className={styles.field}>
        Picture
        <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" onChange={pick} />
      </label>
      <label className={styles.field}>
        Top text
        <input type="text" value={top} maxLength={CAPTION_MAX} onChange={(e) => setTop(e.target.value)} />
      </label>
      <label className={styles.field}>
        Bottom text
        <input type="text" value={bottom} maxLength={CAPTION_MAX} onChange={(e) => setBottom(e.target.value)} />
      </label>
      {picture ? (
        <canvas ref={canvas} className={styles.memeCanvas} role="img" aria-label={`Meme preview: ${[top, bottom].filter(Boolean).join(' / ') || 'no captions yet'}`} />
      ) : (
        <p className={styles.hint}>Choose a picture to start.</p>
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
