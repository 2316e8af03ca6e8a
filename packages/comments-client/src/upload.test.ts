import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from './constants.js';
import { createCommentsClient } from './client.js';
import { checkMedia, sniffMediaType } from './media-check.js';
import { HOST, URL_A, useFakeService } from './test-server.js';

const service = useFakeService();
const member = () => createCommentsClient({ host: HOST, appId: 'guffaw', auth: 'member-token' });

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46];
const GIF = [...'GIF89a'].map((c) => c.charCodeAt(0));
const MP4 = [0, 0, 0, 0x20, ...'ftypisom'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c));
const WEBM = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81];
const file = (head: number[], type: string, size = 2048) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new File([bytes], 'meme', { type });
};

describe('media checks', () => {
  it('recognises gif, jpeg, png, mp4 and webm by their first bytes', () => {
    expect([GIF, JPEG, PNG, MP4, WEBM].map((h) => sniffMediaType(Uint8Array.from(h)))).toEqual([
      'image/gif', 'image/jpeg', 'image/png', 'video/mp4', 'video/webm',
    ]);
    expect(sniffMediaType(new TextEncoder().encode('<svg xmlns='))).toBeNull();
  });

  it('accepts the five types, by MIME type or, when none is declared, by bytes', async () => {
    await expect(checkMedia(file(PNG, 'image/png'))).resolves.toBeUndefined();
    await expect(checkMedia(file(GIF, 'image/gif'))).resolves.toBeUndefined();
    await expect(checkMedia(file(JPEG, 'image/jpeg'))).resolves.toBeUndefined();
    await expect(checkMedia(file(MP4, 'video/mp4'))).resolves.toBeUndefined();
    await expect(checkMedia(file(WEBM, 'video/webm'))).resolves.toBeUndefined();
    await expect(checkMedia(file(PNG, ''))).resolves.toBeUndefined();
  });

  it('refuses other types, and files whose bytes contradict their type (IMAGE_INVALID_TYPE)', async () => {
    const invalid = { name: 'CommentsClientError', code: 'IMAGE_INVALID_TYPE', message: 'Unsupported type.' };
    await expect(checkMedia(file(PNG, 'image/svg+xml'))).rejects.toMatchObject(invalid);
    await expect(checkMedia(file(JPEG, 'image/png'))).rejects.toMatchObject(invalid);
    await expect(checkMedia(new File(['hello'], 'a.txt', { type: '' }))).rejects.toMatchObject(invalid);
  });

  it('allows exactly 10485760 bytes and refuses one more (IMAGE_INVALID_SIZE)', async () => {
    await expect(checkMedia(file(PNG, 'image/png', MAX_UPLOAD_BYTES))).resolves.toBeUndefined();
    await expect(checkMedia(file(PNG, 'image/png', MAX_UPLOAD_BYTES + 1))).rejects.toMatchObject({
      code: 'IMAGE_INVALID_SIZE', message: 'Media size should be less than 10MB',
    });
  });
});

describe('uploadMedia', () => {
  it('checks before sending: nothing reaches the service for a refused file', async () => {
    const fake = service.install();
    const client = member();
    await expect(client.uploadMedia(file(PNG, 'image/png', MAX_UPLOAD_BYTES + 1))).rejects.toMatchObject({ code: 'IMAGE_INVALID_SIZE' });
    await expect(client.uploadMedia(file(PNG, 'application/pdf'))).rejects.toMatchObject({ code: 'IMAGE_INVALID_TYPE' });
    await expect(createCommentsClient({ host: HOST, appId: 'guffaw' }).uploadMedia(file(PNG, 'image/png'))).rejects.toMatchObject({
      message: 'You must be logged in',
    });
    expect(fake.calls).toEqual([]);
  });

  it('sends multipart appId, auth and blob, reports progress up to 1, and the token attaches to a comment', async () => {
    const fake = service.install();
    const client = member();
    const progress: number[] = [];
    const attachment = await client.uploadMedia(file(PNG, 'image/png', 300_000), { onProgress: (f) => progress.push(f) });
    expect(attachment).toMatchObject({ type: 'userMedia', media: { type: 'static' } });
    const [call] = fake.callsTo('media.json');
    expect(call?.headers['content-type']).toContain('multipart/form-data');
    expect(call?.params).toEqual({ appId: 'guffaw', auth: 'member-token' });
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    const added = await client.addComment({ url: URL_A, text: '', attachments: [{ type: attachment.type, token: attachment.token }] });
    expect(added.comment).toMatchObject({ type: 'userMedia', media: [attachment.type === 'userMedia' ? attachment.media : null] });
    expect(fake.callsTo('add-comment.json')[0]?.params.attachments).toBe(JSON.stringify([{ type: 'userMedia', token: attachment.token }]));
  });

  it('uploads by url, and refuses the same upload while it is in flight', async () => {
    const fake = service.install({ latency: 30 });
    const client = member();
    const first = client.uploadMedia({ url: 'https://example.com/cat.gif' });
    await expect(client.uploadMedia({ url: 'https://example.com/cat.gif' })).rejects.toMatchObject({ code: 'REQUEST_PROCESSING' });
    await expect(first).resolves.toMatchObject({ type: 'userMedia' });
    expect(fake.callsTo('media.json')[0]?.params).toEqual({ appId: 'guffaw', auth: 'member-token', url: 'https://example.com/cat.gif' });
  });
});
