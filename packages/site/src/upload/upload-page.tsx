import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { errorMessage, isApiFailure } from '../lib/api';
import { navigate, useSearchParam } from '../router';
import { requireMember } from '../ui/modals/gate';
import { openModal } from '../ui/modals/modal-store';
import { usePageTitle } from '../ui/page-title';
import { canonicalTag } from '../tags/canonical';
import { useInterests, visibleInterests } from '../tags/interests';
import { selectIsLoggedIn, selectUser, userStore, useUser } from '../user/user-store';
import { FileDrop, usePastedFile } from './file-drop';
import { MEDIA_KINDS, PICTURE_KINDS, fileProblem } from './file-check';
import { MemeMaker } from './meme-maker';
import {
  ACCEPTED_FILES, ARTICLE_BODY_MAX, DESCRIPTION_MAX, MAX_INTERESTS, MAX_TAGS, MEDIA_UPLOAD_TYPES, SIZE_LIMIT_TEXT, TITLE_MAX,
  UPLOAD_TYPES, submitPost, uploadStatus, type UploadStatus, type UploadType,
} from './upload-api';
import styles from './upload.module.css';

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'processing'; percent: number };

const interestKey = (url: string) => decodeURIComponent(url.split('/interest/')[1]?.split(/[/?#]/)[0] ?? '');
const POLL_MS = 1000;
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    }, { once: true });
  });

/** /submit (posts-and-feeds.md §2): the upload page; ?action=create-meme opens the meme maker first. */
export function UploadPage() {
  usePageTitle('submit');
  const id = useId();
  const loggedIn = useUser(selectIsLoggedIn);
  const adultMode = useUser((s) => Boolean(selectUser(s)?.nsfwMode));
  const action = useSearchParam('action');
  const [makerOpen, setMakerOpen] = useState(action === 'create-meme');
  useEffect(() => setMakerOpen(action === 'create-meme'), [action]);

  const interests = useInterests((s) => s.interests);
  const interestsLoaded = useInterests((s) => s.loaded);
  const loadInterests = useInterests((s) => s.load);
  useEffect(() => {
    if (!interestsLoaded) loadInterests().catch(() => undefined);
  }, [interestsLoaded, loadInterests]);
  const choices = useMemo(() => visibleInterests(interests, adultMode).filter((i) => i.listType === 'interest' || !i.listType), [interests, adultMode]);

  const [type, setType] = useState<UploadType>('Photo');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [body, setBody] = useState('');
  const [tags, setTags] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [sourceUrl, setSourceUrl] = useState('');
  const [nsfw, setNsfw] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [isMeme, setIsMeme] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const aborter = useRef<AbortController | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      aborter.current?.abort();
    };
  }, []);

  const preview = useMemo(() => (file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const isMedia = MEDIA_UPLOAD_TYPES.includes(type);
  const busy = phase.kind !== 'idle';
  const tagList = [...new Set(tags.split(',').map(canonicalTag).filter(Boolean))];

  /**
   * Every way of giving a file (chooser, drop, paste) goes through the same checks by content: a refused file is
   * not kept and says why; a good one clears the message left by an earlier one.
   */
  const takeFile = async (next: File | null) => {
    if (!next) return;
    const article = type === 'Article';
    const problem = await fileProblem(next, article ? PICTURE_KINDS : MEDIA_KINDS);
    if (!mounted.current) return;
    if (problem) {
      setError(problem);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    if (!isMedia && !article) setType('Photo');
    setError(null);
    setFile(next);
    setIsMeme(false);
  };

  // A picture pasted anywhere on the form page becomes the file.
  usePastedFile(loggedIn && !makerOpen, (pasted) => void takeFile(pasted));

  const reset = () => {
    setTitle('');
    setDescription('');
    setBody('');
    setTags('');
    setPicked([]);
    setSourceUrl('');
    setNsfw(false);
    setFile(null);
    setIsMeme(false);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onPublished = (status: UploadStatus) => {
    const image = status.post?.images?.image700 ?? status.post?.images?.image460;
    openModal('upload-success', { postId: status.id, url: status.url, title: status.post?.title ?? title, imageUrl: image?.url ?? '' });
    reset();
    void userStore.getState().refresh({ force: true }).catch(() => undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!requireMember('upload', '/submit')) return;
    setError(null);
    if (!title.trim()) return setError('Give your post a title.');
    if (isMedia && !file) return setError('Choose a picture, GIF or video to post.');
    if (type === 'Text' && !description.trim()) return setError('Write the text of your post.');
    if (type === 'Article' && !body.trim()) return setError('Write the article.');
    if (tagList.length > MAX_TAGS) return setError(`Add up to ${MAX_TAGS} tags.`);
    const problem = file && (isMedia || type === 'Article') ? await fileProblem(file, type === 'Article' ? PICTURE_KINDS : MEDIA_KINDS) : null;
    if (problem) return setError(problem);

    // Fields first, the file last: the server refuses a bad form before reading the file.
    const form = new FormData();
    form.append('type', type);
    form.append('title', title.trim());
    if (description.trim()) form.append('description', description);
    if (type === 'Article') form.append('body', body);
    if (tagList.length) form.append('tags', tagList.join(','));
    if (picked.length) form.append('interests', picked.join(','));
    if (sourceUrl.trim() && type !== 'Text' && type !== 'ForumPost') form.append('sourceUrl', sourceUrl.trim());
    if (nsfw) form.append('nsfw', '1');
    if (isMeme && type === 'Photo') form.append('meme', '1');
    if (file && (isMedia || type === 'Article')) form.append('file', file, file.name);

    const controller = new AbortController();
    aborter.current = controller;
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      let status = await submitPost(form, (f) => setPhase({ kind: 'uploading', percent: Math.round(f * 100) }), controller.signal);
      while (status.status === 'processing') {
        setPhase({ kind: 'processing', percent: status.progress });
        await sleep(POLL_MS, controller.signal);
        status = await uploadStatus(status.id, controller.signal);
      }
      if (status.status === 'failed') setError(status.errorMessage ?? 'The file could not be processed. Please try again.');
      else onPublished(status);
    } catch (err) {
      if ((err as { name?: string }).name === 'AbortError') return;
      if (isApiFailure(err) && err.code === 'LOGIN_REQUIRED') void userStore.getState().refresh({ force: true }).catch(() => undefined);
      setError(errorMessage(err));
    } finally {
      if (mounted.current) setPhase({ kind: 'idle' });
    }
  };

  const useMeme = (memeFile: File, caption: string) => {
    setType('Photo');
    setFile(memeFile);
    setIsMeme(true);
    if (!title.trim() && caption) setTitle(caption.slice(0, TITLE_MAX));
    setMakerOpen(false);
    if (action === 'create-meme') navigate('/submit', { replace: true });
  };

  if (!loggedIn) {
    return (
      <section className={styles.page} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Post</h1>
        <p>Log in or sign up to post memes, GIFs, videos and stories.</p>
        <button type="button" className={styles.primary} onClick={() => requireMember(makerOpen ? 'create-meme' : 'upload', window.location.pathname + window.location.search)}>
          Log in to post
        </button>
      </section>
    );
  }

  return (
    <section className={styles.page} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Post</h1>
      {makerOpen ? (
        <MemeMaker onUse={useMeme} onCancel={() => (action === 'create-meme' ? navigate('/submit', { replace: true }) : setMakerOpen(false))} />
      ) : (
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className={styles.types} disabled={busy}>
            <legend>What are you posting?</legend>
            {UPLOAD_TYPES.map((t) => (
              <label key={t.type} className={`${styles.typeOption} ${type === t.type ? styles.typeChosen : ''}`}>
                <input type="radio" name="type" value={t.type} checked={type === t.type} onChange={() => setType(t.type)} />
                {t.label}
              </label>
            ))}
          </fieldset>

          {type === 'Photo' && (
            <button type="button" className={styles.secondary} onClick={() => setMakerOpen(true)} disabled={busy} data-tooltip-anchor="createMemeWelcome">
              Create a meme
            </button>
          )}

          <label className={styles.field}>
            Title
            <input
              type="text"
              value={title}
              maxLength={TITLE_MAX}
              required
              disabled={busy}
              placeholder={type === 'ForumPost' ? 'Ask a question' : 'Describe your post'}
              onChange={(e) => setTitle(e.target.value)}
            />
            {/* The count is visual; maxLength enforces it and the hint is not part of the field's name. */}
            <span className={styles.counter} aria-hidden="true">
              {TITLE_MAX - [...title].length}
            </span>
          </label>

          {(isMedia || type === 'Article') && (
            <FileDrop
              ref={fileInput}
              label={type === 'Article' ? 'Cover picture (optional)' : 'File'}
              accept={type === 'Article' ? 'image/jpeg,image/png,image/gif' : ACCEPTED_FILES}
              hint={SIZE_LIMIT_TEXT}
              chosen={file?.name ?? null}
              disabled={busy}
              onFile={(f) => void takeFile(f)}
            />
          )}
          {file && (isMedia || type === 'Article') && (
            <div className={styles.preview}>
              {preview ? <img src={preview} alt="Preview of the chosen file" /> : <p>{file.name}</p>}
              {isMeme && <p className={styles.hint}>Your meme, ready to post.</p>}
            </div>
          )}

          <label className={styles.field}>
            {type === 'Text' ? 'Text' : type === 'Article' ? 'Introduction (markdown, optional)' : type === 'ForumPost' ? 'Details (optional)' : 'Description (optional)'}
            <textarea value={description} maxLength={DESCRIPTION_MAX} rows={type === 'Text' ? 8 : 3} disabled={busy} onChange={(e) => setDescription(e.target.value)} />
          </label>

          {type === 'Article' && (
            <label className={styles.field}>
              Article (markdown)
              <textarea value={body} maxLength={ARTICLE_BODY_MAX} rows={12} disabled={busy} onChange={(e) => setBody(e.target.value)} />
            </label>
          )}

          <label className={styles.field}>
            Tags
            <input
              type="text"
              value={tags}
              disabled={busy}
              placeholder="funny, cats, wholesome"
              aria-describedby={`${id}-tags-hint`}
              onChange={(e) => setTags(e.target.value)}
            />
            <span id={`${id}-tags-hint`} className={styles.hint} aria-hidden="true">
              Up to {MAX_TAGS}, separated by commas.
            </span>
          </label>

          {choices.length > 0 && (
            <fieldset className={styles.interests} disabled={busy}>
              <legend>Interests (up to {MAX_INTERESTS})</legend>
              {choices.map((i) => {
                const key = interestKey(i.url);
                const checked = picked.includes(key);
                return (
                  <label key={key} className={styles.interest}>
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && picked.length >= MAX_INTERESTS}
                      onChange={() => setPicked((p) => (checked ? p.filter((k) => k !== key) : [...p, key]))}
                    />
                    {i.name}
                  </label>
                );
              })}
            </fieldset>
          )}

          {type !== 'Text' && type !== 'ForumPost' && (
            <label className={styles.field}>
              Source link (optional)
              <input type="url" value={sourceUrl} disabled={busy} placeholder="https://" onChange={(e) => setSourceUrl(e.target.value)} />
            </label>
          )}

          <label className={styles.check}>
            <input type="checkbox" checked={nsfw} disabled={busy} onChange={(e) => setNsfw(e.target.checked)} />
            This post is sensitive (NSFW)
          </label>

          {phase.kind !== 'idle' && (
            <div className={styles.progress}>
              <label htmlFor={`${id}-progress`}>{phase.kind === 'uploading' ? `Uploading… ${phase.percent}%` : `Processing… ${phase.percent}%`}</label>
              <progress id={`${id}-progress`} max={100} value={phase.percent} />
            </div>
          )}
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.actions}>
            {busy && (
              <button type="button" className={styles.secondary} onClick={() => aborter.current?.abort()}>
                Cancel
              </button>
            )}
            <button type="submit" className={styles.primary} disabled={busy}>
              Post
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

export default UploadPage;
