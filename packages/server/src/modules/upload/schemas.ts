import { Type, type Static } from '@sinclair/typebox';
import type { MediaFileType } from '../../lib/media/index.js';
import { badRequest } from '../../lib/envelope.js';
import { canonicalTag } from '../posts/tags.js';

/**
 * POST /submit (posts-and-feeds.md §7 "upload post"): multipart/form-data, the fields first and the file last
 * (FormData keeps insertion order), so a bad form is refused before a byte of the file is read.
 *
 *   type         Photo | Animated | Video | Text | Article | ForumPost
 *   title        1 to TITLE_MAX characters
 *   description  up to DESCRIPTION_MAX: the text of a Text post (required there), the question's details on a
 *                ForumPost, the markdown intro of an Article, the description of a Photo, Animated or Video post
 *   body         Article only: the markdown of the article (required, up to ARTICLE_BODY_MAX)
 *   tags         comma separated, up to MAX_TAGS, each canonical (shell-and-account.md §5: trim, spaces to hyphens,
 *                lowercase), letters, digits and hyphens, up to TAG_MAX characters
 *   interests    comma separated interest keys, up to MAX_INTERESTS, each an existing interest
 *   sourceUrl    optional http(s) link (not on Text or ForumPost), up to SOURCE_URL_MAX characters
 *   nsfw, anonymous, meme   flags: 1/true/on
 *   file         required for Photo, Animated and Video; optional cover picture for an Article; none otherwise
 *
 * The media kind is decided by the file's CONTENT (magic bytes), not by `type`: a still image becomes a Photo post,
 * an animated GIF an Animated post; an MP4 or WebM becomes the Animated or Video post asked for, and when Photo was
 * asked, Video if it has sound, else Animated.
 */
export const POST_TYPES = ['Photo', 'Animated', 'Video', 'Text', 'Article', 'ForumPost'] as const;
export type UploadType = (typeof POST_TYPES)[number];
export const MEDIA_TYPES: readonly UploadType[] = ['Photo', 'Animated', 'Video'];

export const TITLE_MAX = 280;
export const DESCRIPTION_MAX = 5000;
export const ARTICLE_BODY_MAX = 20_000;
export const MAX_TAGS = 5;
export const TAG_MAX = 40;
export const MAX_INTERESTS = 3;
export const SOURCE_URL_MAX = 2048;
/** Uploads a member may make per rolling hour (every accepted POST /submit counts). */
export const UPLOADS_PER_HOUR = 20;

const MB = 1024 * 1024;
/** Size limits by detected type: pictures 10 MB (as comment media), GIFs 20 MB, videos 50 MB. */
export const SIZE_LIMITS: Record<MediaFileType, number> = { jpeg: 10 * MB, png: 10 * MB, gif: 20 * MB, mp4: 50 * MB, webm: 50 * MB };
export const MAX_FILE_BYTES = 50 * MB;
export const SIZE_MESSAGE = 'The file is too large: pictures can be up to 10 MB, GIFs up to 20 MB and videos up to 50 MB.';
export const TYPE_MESSAGE = 'This file type is not supported: upload a JPEG, PNG or GIF picture, or an MP4 or WebM video.';

export type UploadFields = {
  type: UploadType;
  title: string;
  description: string;
  body: string;
  tags: string[];
  interests: string[];
  sourceUrl: string;
  sourceDomain: string;
  nsfw: boolean;
  anonymous: boolean;
  meme: boolean;
};

const flag = (v: string | undefined) => v !== undefined && ['1', 'true', 'on', 'yes'].includes(v.trim().toLowerCase());

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Checks every text field; throws a 400 with the first problem's code and message. */
export function parseFields(raw: Record<string, string>): UploadFields {
  const type = (raw.type ?? '').trim();
  if (!(POST_TYPES as readonly string[]).includes(type)) {
    throw badRequest('INVALID_TYPE', `Choose what to post: ${POST_TYPES.join(', ')}.`);
  }
  const t = type as UploadType;
  const title = (raw.title ?? '').trim().replace(/\s+/g, ' ');
  if (!title) throw badRequest('TITLE_REQUIRED', 'Give your post a title.');
  if ([...title].length > TITLE_MAX) throw badRequest('TITLE_TOO_LONG', `The title can be up to ${TITLE_MAX} characters.`);
  // Browsers send textarea line breaks as CRLF in form data.
  const description = (raw.description ?? '').replace(/\r\n?/g, '\n').trim();
  if ([...description].length > DESCRIPTION_MAX) {
    throw badRequest('DESCRIPTION_TOO_LONG', `The description can be up to ${DESCRIPTION_MAX} characters.`);
  }
  if (t === 'Text' && !description) throw badRequest('TEXT_REQUIRED', 'Write the text of your post.');
  const body = t === 'Article' ? (raw.body ?? '').replace(/\r\n?/g, '\n').trim() : '';
  if (t === 'Article' && !body) throw badRequest('ARTICLE_BODY_REQUIRED', 'Write the article.');
  if ([...body].length > ARTICLE_BODY_MAX) throw badRequest('ARTICLE_BODY_TOO_LONG', `The article can be up to ${ARTICLE_BODY_MAX} characters.`);

  const tags = [...new Set(list(raw.tags).map(canonicalTag))];
  if (tags.length > MAX_TAGS) throw badRequest('TOO_MANY_TAGS', `Add up to ${MAX_TAGS} tags.`);
  for (const tag of tags) {
    if ([...tag].length > TAG_MAX || !/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u.test(tag)) {
      throw badRequest('INVALID_TAG', `"${tag.slice(0, TAG_MAX)}" is not a valid tag: use letters, digits and spaces, up to ${TAG_MAX} characters.`);
    }
  }
  const interests = [...new Set(list(raw.interests).map((s) => s.toLowerCase()))];
  if (interests.length > MAX_INTERESTS) throw badRequest('TOO_MANY_INTERESTS', `Choose up to ${MAX_INTERESTS} interests.`);

  const sourceUrl = (raw.sourceUrl ?? '').trim();
  let sourceDomain = '';
  if (sourceUrl) {
    if (t === 'Text' || t === 'ForumPost') throw badRequest('SOURCE_NOT_ALLOWED', 'Text and forum posts have no source link.');
    let url: URL | null = null;
    try {
      url = new URL(sourceUrl);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || sourceUrl.length > SOURCE_URL_MAX) {
      throw badRequest('INVALID_SOURCE_URL', `The source must be an http(s) link of up to ${SOURCE_URL_MAX} characters.`);
    }
    sourceDomain = url.hostname.replace(/^www\./, '');
  }
  return {
    type: t,
    title,
    description,
    body,
    tags,
    interests,
    sourceUrl,
    sourceDomain,
    nsfw: flag(raw.nsfw),
    anonymous: flag(raw.anonymous),
    meme: flag(raw.meme),
  };
}

export const statusQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9]+$' }) });
export type StatusQuery = Static<typeof statusQuery>;
