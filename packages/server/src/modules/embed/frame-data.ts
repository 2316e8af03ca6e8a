import type { CommentPage } from '@guffaw/comments-client';

/**
 * What the frame page hands the iframe app (a JSON script tag) and the server render: the same shape as FrameData in
 * packages/comments-widget/src/embed/protocol.ts (kept here because the server build takes only its own sources).
 */
export type EmbedTheme = 'light' | 'dark';
export type FrameData = {
  appId: string;
  url: string;
  host: string;
  theme: EmbedTheme;
  isForum: boolean;
  /** The reader's language, a BCP 47 tag (the widget shows the shipped language nearest to it, else English). */
  lang?: string;
  parentOrigin: string | null;
  login: string | null;
  page: CommentPage | null;
  readAt: number;
  canAnonymous?: boolean;
};
