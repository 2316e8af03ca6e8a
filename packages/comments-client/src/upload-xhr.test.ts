// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createCommentsClient } from './client.js';
import { HOST, useFakeService } from './test-server.js';

const service = useFakeService();
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('uploadMedia in a browser', () => {
  it('sends through XMLHttpRequest, whose upload progress every browser reports', async () => {
    const fake = service.install();
    const client = createCommentsClient({ host: HOST, appId: 'guffaw', auth: 'member-token' });
    const bytes = new Uint8Array(100_000);
    bytes.set(PNG);
    const progress: number[] = [];
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const attachment = await client.uploadMedia(new File([bytes], 'meme.png', { type: 'image/png' }), { onProgress: (f) => progress.push(f) });
    expect(attachment).toMatchObject({ type: 'userMedia' });
    expect(fake.callsTo('media.json')[0]?.params).toEqual({ appId: 'guffaw', auth: 'member-token' });
    expect(open).toHaveBeenCalledWith('POST', `${HOST}/comments/v2/media.json`);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((f) => f > 0 && f <= 1)).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect(progress.filter((f) => f === 1)).toHaveLength(1);
  });
});
