import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../lib/api';
import { success } from '../test/handlers';
import { MemeMaker } from './meme-maker';

const server = setupServer();
const templates = [
  { id: '01-surprised-face', name: 'Surprised face', url: '/media/meme-templates/01-surprised-face.jpg' },
  { id: '02-two-choices', name: 'Two choices', url: '/media/meme-templates/02-two-choices.jpg' },
];

/** jsdom loads no pictures and draws nothing: a picture that "loads" at 600×400 and a context that records text. */
const drawn: { text: string; x: number; y: number }[] = [];
class LoadingImage {
  width = 600;
  height = 400;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = '';
  get src() {
    return this.url;
  }
  set src(value: string) {
    this.url = value;
    setTimeout(() => this.onload?.(), 0);
  }
}
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: 'http://localhost:3000' });
  vi.stubGlobal('Image', LoadingImage);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        drawImage: () => undefined,
        measureText: (text: string) => ({ width: text.length * 20 }),
        strokeText: () => undefined,
        fillText: (text: string, x: number, y: number) => drawn.push({ text, x, y }),
      }) as unknown as CanvasRenderingContext2D,
  );
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeEach(() => {
  drawn.length = 0;
  server.use(http.get('*/v1/meme-templates', () => success({ templates })));
});
afterEach(() => server.resetHandlers());

const lastY = (text: string) => drawn.filter((d) => d.text === text).at(-1)?.y ?? NaN;
const lastX = (text: string) => drawn.filter((d) => d.text === text).at(-1)?.x ?? NaN;

describe('MemeMaker', () => {
  it('offers the server\'s templates and draws the chosen one', async () => {
    render(<MemeMaker onUse={() => undefined} onCancel={() => undefined} />);
    const button = await screen.findByRole('button', { name: 'Two choices' });
    expect(screen.getByRole('button', { name: 'Surprised face' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('img', { name: /Meme preview/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use this meme' })).toBeEnabled();
  });

  it('moves a caption with the arrow keys and by dragging, and puts it back', async () => {
    render(<MemeMaker onUse={() => undefined} onCancel={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Surprised face' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Top text' }), 'hi');
    const handle = await screen.findByRole('button', { name: 'Move the top text' });
    const classicY = lastY('HI');
    expect(classicY).toBe(24); // the margin: 4% of 600

    handle.focus();
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    await waitFor(() => expect(lastY('HI')).toBeGreaterThan(classicY));
    const afterKey = lastY('HI');
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(lastX('HI')).toBeGreaterThan(300));

    // Drag: the layer is 600×400 on screen; grabbing the caption and moving the pointer 200 px down moves it half the picture.
    const layer = handle.parentElement as HTMLElement;
    vi.spyOn(layer, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 600, height: 400, right: 600, bottom: 400, x: 0, y: 0, toJSON: () => ({}) });
    const startY = afterKey + 20;
    fireEvent.pointerDown(handle, { pointerId: 1, clientX: 300, clientY: startY });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 300, clientY: startY + 200 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    await waitFor(() => expect(lastY('HI')).toBeGreaterThan(afterKey + 150));

    await userEvent.click(screen.getByRole('button', { name: 'Put the captions back' }));
    await waitFor(() => expect(lastY('HI')).toBe(classicY));
  });
});

describe('MemeMaker own picture', () => {
  it('takes a pasted picture and refuses a pasted file that is not one', async () => {
    render(<MemeMaker onUse={() => undefined} onCancel={() => undefined} />);
    await screen.findByRole('button', { name: 'Surprised face' });
    const pdf = new File(['%PDF-1.4'], 'x.png', { type: 'image/png' });
    fireEvent.paste(document, { clipboardData: { types: ['Files'], files: [pdf], items: [] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('WebP');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'mine.png', { type: 'image/png' });
    fireEvent.paste(document, { clipboardData: { types: ['Files'], files: [png], items: [] } });
    expect(await screen.findByText('Chosen: mine.png')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('img', { name: /Meme preview/ })).toBeInTheDocument();
  });
});
