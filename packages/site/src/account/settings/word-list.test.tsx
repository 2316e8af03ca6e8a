import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../lib/api';
import { guestInfo, userStore } from '../../user';
import { newEntries, WORDS_PLACEHOLDER, WordList } from './word-list';

const base = 'http://api.test';
const server = setupServer();
const sent: string[] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
beforeEach(() => {
  sent.length = 0;
  const user = { username: 'me', userId: 'u1' } as NonNullable<ReturnType<typeof guestInfo>['user']>;
  userStore.setState({ info: { ...guestInfo(), user, muteList: ['cats'] }, fetchedAt: Date.now() });
  let list = ['cats'];
  server.use(
    http.post(`${base}/v1/user-mute-list`, async ({ request }) => {
      const value = new URLSearchParams(await request.text()).get('value') ?? '';
      sent.push(value);
      list = [...list, ...value.split(',')];
      return HttpResponse.json({ meta: { status: 'Success' }, data: { list } });
    }),
    http.delete(`${base}/v1/user-mute-list`, async ({ request }) => {
      const value = new URLSearchParams(await request.text()).get('value');
      list = list.filter((w) => w !== value);
      return HttpResponse.json({ meta: { status: 'Success' }, data: { list } });
    }),
    http.post(`${base}/v1/user-info`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { ...userStore.getState().info, muteList: list } })),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('newEntries (shell §5)', () => {
  it('splits on commas, trims, drops empties and entries already present', () => {
    expect(newEntries(' a, b,, A ,c,', ['c'])).toEqual(['a', 'b']);
    expect(newEntries('Politics', [], true)).toEqual(['politics']);
    expect(newEntries(' , ', [])).toEqual([]);
  });
});

describe('WordList', () => {
  it('sends only new entries, on Enter too, and shows the list the server returns', async () => {
    const user = userEvent.setup();
    render(<WordList kind="mute" title="Blocked words" intro="" />);
    const input = screen.getByPlaceholderText(WORDS_PLACEHOLDER);
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.type(input, 'cats, dogs,, Cats ,{Enter}');
    await screen.findByText('dogs');
    expect(sent).toEqual(['dogs']);
    expect(input).toHaveValue('');
    await user.type(input, 'dogs');
    await user.click(add);
    expect(sent).toEqual(['dogs']);
    await user.click(screen.getByRole('button', { name: 'Remove cats' }));
    await waitFor(() => expect(screen.queryByText('cats')).not.toBeInTheDocument());
  });

  it('shows the empty text', () => {
    act(() => userStore.setState((s) => ({ info: { ...s.info, muteList: [] } })));
    render(<WordList kind="mute" title="Blocked words" intro="" />);
    expect(screen.getByText('No blocked')).toBeInTheDocument();
  });
});
