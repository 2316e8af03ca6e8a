import { createStore } from 'zustand/vanilla';
import { MEDIA_TYPES, type Attachment, type AttachmentRef, type CommentsClient } from '@guffaw/comments-client';
import { errorNotice } from '../lib/error-notice.js';
import { en } from '../i18n/en.js';
import { createTranslate, type Translate } from '../i18n/translate.js';
import { selectClosedNotice, type SectionStore } from './section-store.js';
import type { SettingsStore } from './settings-store.js';
import type { ToastStore } from './toast-store.js';
import type { CommentUserStore } from './user-store.js';
import { selectIsModerator, selectMaxLength } from './user-store.js';

/** What the file picker offers; the client checks type, magic bytes and size before uploading. */
export const UPLOAD_TYPES = MEDIA_TYPES;
/** The main app's id: only other apps turn links in the text into link attachments. */
export const MAIN_APP_ID = 'guffaw';
export const MAIN_COMPOSER = 'main';
export const replyComposerKey = (commentId: string) => `reply:${commentId}`;
/** Characters as the comment service counts them (code points): an emoji is one, not two UTF-16 units. */
export const codePoints = (text: string): number => [...text].length;
/** The service takes one image or video per comment (TOO_MANY_ATTACHMENTS): a second is refused when chosen. */
export const ONE_MEDIA = en.oneMedia;

export type AttachmentDraft = {
  id: number;
  name: string;
  status: 'uploading' | 'ready' | 'failed';
  /** 0..1 */
  progress: number;
  attachment: Attachment | null;
  notice: string | null;
  /** A local picture of the chosen image (an object URL), shown before posting; revoked when the draft goes. */
  preview: string | null;
};

/** Object URLs of drafts that go: they hold the file in memory until revoked. */
const revokePreviews = (drafts: AttachmentDraft[]) => drafts.forEach((a) => a.preview && URL.revokeObjectURL(a.preview));

export type ComposerState = {
  message: string;
  focused: boolean;
  active: boolean;
  /** commentId replied to; null for a top-level comment. */
  parent: string | null;
  reply: boolean;
  delegateUserId: string | null;
  anonymous: boolean;
  attachments: AttachmentDraft[];
  sending: boolean;
  notice: string | null;
};

export type ComposerStoreState = { composers: Record<string, ComposerState> };
export type ComposerActions = {
  open(key: string, init?: Partial<Pick<ComposerState, 'message' | 'parent' | 'reply' | 'delegateUserId'>>): void;
  close(key: string): void;
  /** `max` (code points) cuts what is beyond the app's maximum length, as a maxlength attribute would. */
  setMessage(key: string, message: string, max?: number): void;
  setFocused(key: string, focused: boolean): void;
  setAnonymous(key: string, anonymous: boolean): void;
  attach(key: string, file: File): Promise<void>;
  detach(key: string, id: number): void;
  /** Sends the composer's comment; resolves true once it is posted. */
  send(key: string): Promise<boolean>;
};
export type ComposerStore = ReturnType<typeof createComposerStore>;

export const emptyComposer = (): ComposerState => ({
  message: '', focused: false, active: false, parent: null, reply: false, delegateUserId: null, anonymous: false,
  attachments: [], sending: false, notice: null,
});

/** Held comments: told once the service held a comment for review. */
export const AWAITING_APPROVAL = en.heldForReview;

const LINK = /https?:\/\/[^\s<>"']+/i;

export type ComposerDeps = {
  client: CommentsClient;
  section: SectionStore;
  user: CommentUserStore;
  settings: SettingsStore;
  /** Where the composer tells what happened to a sent comment (a held one awaits approval). */
  toasts?: ToastStore | undefined;
  /**
   * Proof that the viewer is the OP of the section's url, for anonymous OP comments; read when a comment is sent, as
   * a host may hand it over after the widget started (the site asks /v1/op-token once the post is shown).
   */
  opToken?: (() => string | undefined) | undefined;
  /** The widget's texts (notices, toasts) in the reader's language; English without it. */
  t?: Translate | undefined;
};

export const createComposerStore = ({ client, section, user, settings, toasts, opToken, t = createTranslate('en') }: ComposerDeps) => {
  let nextAttachment = 1;
  return createStore<ComposerStoreState & ComposerActions>()((set, get) => {
    const patch = (key: string, change: Partial<ComposerState> | ((c: ComposerState) => Partial<ComposerState>)) =>
      set((s) => {
        const current = s.composers[key] ?? emptyComposer();
        return { composers: { ...s.composers, [key]: { ...current, ...(typeof change === 'function' ? change(current) : change) } } };
      });
    const patchAttachment = (key: string, id: number, change: Partial<AttachmentDraft>) =>
      patch(key, (c) => ({ attachments: c.attachments.map((a) => (a.id === id ? { ...a, ...change } : a)) }));

    return {
      composers: {},
      open(key, init = {}) {
        patch(key, (c) => ({ ...init, message: c.message || init.message || '', active: true, notice: null }));
      },
      close(key) {
        revokePreviews(get().composers[key]?.attachments ?? []);
        set((s) => {
          const composers = { ...s.composers };
          delete composers[key];
          return { composers };
        });
      },
      setMessage(key, message, max) {
        const kept = max !== undefined && codePoints(message) > max ? [...message].slice(0, max).join('') : message;
        patch(key, { message: kept, notice: null });
      },
      setFocused(key, focused) {
        patch(key, focused ? { focused, active: true } : { focused });
      },
      setAnonymous(key, anonymous) {
        patch(key, { anonymous });
      },
      async attach(key, file) {
        const current = get().composers[key]?.attachments ?? [];
        if (current.some((a) => a.status !== 'failed')) {
          patch(key, { notice: t('oneMedia') });
          return;
        }
        const id = nextAttachment++;
        const preview = file.type.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
        const draft: AttachmentDraft = { id, name: file.name, status: 'uploading', progress: 0, attachment: null, notice: null, preview };
        patch(key, (c) => ({ attachments: [...c.attachments, draft], notice: null }));
        try {
          const attachment = await client.uploadMedia(file, { onProgress: (progress) => patchAttachment(key, id, { progress }) });
          patchAttachment(key, id, { status: 'ready', progress: 1, attachment });
        } catch (error) {
          patchAttachment(key, id, { status: 'failed', notice: errorNotice(error, t) });
        }
      },
      detach(key, id) {
        revokePreviews(get().composers[key]?.attachments.filter((a) => a.id === id) ?? []);
        patch(key, (c) => ({ attachments: c.attachments.filter((a) => a.id !== id) }));
      },
      async send(key) {
        const composer = get().composers[key] ?? emptyComposer();
        if (composer.sending) return false;
        const text = composer.message.trim();
        const ready = composer.attachments.filter((a) => a.status === 'ready' && a.attachment);
        // comments.md §5: nothing to send when the text is empty after trimming and nothing is attached.
        if (text === '' && ready.length === 0) return false;
        const userState = user.getState();
        const fail = (message: string) => {
          patch(key, { notice: message });
          return false;
        };
        if (!client.isLoggedIn()) return fail(t('loginRequired'));
        const closed = selectClosedNotice(section.getState());
        if (closed && !selectIsModerator(userState)) return fail(t(closed));
        if (composer.attachments.some((a) => a.status === 'uploading')) return fail(t('waitForUpload'));
        if (userState.quota && userState.quota.count <= 0) return fail(t('noQuota'));
        if (codePoints(text) > selectMaxLength(userState)) return fail(t('tooLong', { max: selectMaxLength(userState) }));

        patch(key, { sending: true, notice: null });
        try {
          const attachments: AttachmentRef[] = ready.map((a) => ({ type: a.attachment!.type, token: a.attachment!.token }));
          const appId = userState.app?.appId ?? client.appId;
          const link = appId !== MAIN_APP_ID ? LINK.exec(text)?.[0] : undefined;
          if (link) {
            // A preview that cannot be fetched is not worth failing the comment for.
            const preview = await client.linkAttachment(link).catch(() => null);
            if (preview) attachments.push({ type: preview.type, token: preview.token });
          }
          const proof = opToken?.();
          const result = await client.addComment({
            url: section.getState().url,
            text,
            ...(attachments.length > 0 ? { attachments } : {}),
            ...(composer.parent ? { parent: composer.parent, replyThreadOnly: true } : {}),
            ...(composer.anonymous && proof ? { opToken: proof } : {}),
            ...(composer.delegateUserId ? { delegateUserId: composer.delegateUserId } : {}),
          });
          section.getState().insert(result.comment, result.total);
          if (result.comment.isHeld) toasts?.getState().show(t('heldForReview'));
          user.getState().setQuota(result.quota);
          // comments.md §4: sending clears the composer and its attachments.
          if (composer.reply) get().close(key);
          else {
            revokePreviews(composer.attachments);
            patch(key, { ...emptyComposer(), active: composer.active });
          }
          // comments.md §4: a reply follows its thread when the user's autoFollowThreadReply is on. The main app's
          // service applies the account's own setting and says what it did; elsewhere the host's setting (default
          // on) drives the follow API here.
          if (composer.parent && result.threadFollowed !== undefined) {
            section.getState().repliedFollow(result.comment.threadId, result.threadFollowed, result.autoFollowed === true);
          } else if (composer.parent && settings.getState().autoFollowThreadReply) {
            void section.getState().autoFollow(result.comment.threadId);
          }
          return true;
        } catch (error) {
          patch(key, { sending: false, notice: errorNotice(error, t) });
          return false;
        }
      },
    };
  });
};

export const selectComposer = (key: string) => (s: ComposerStoreState): ComposerState | undefined => s.composers[key];
