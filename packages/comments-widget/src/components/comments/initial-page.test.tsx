import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { makeComment, userState, users, type ServiceOptions } from '@guffaw/test-utils/widget';
import { POST_URL, serviceClient } from '../../test/render.js';
import { Comments } from './comments.js';

const comments = [
  makeComment({ commentId: 'a', user: users.ada, text: 'first by ada', timestamp: 100 }),
  makeComment({ commentId: 'b', user: users.bob, text: '</script><script>alert(1)</script>', timestamp: 200 }),
];

/** The first page as the host's server reads it (the service's hot list), and a client for the browser. */
async function serverPage(options: ServiceOptions = {}) {
  const client = serviceClient({ comments, ...options });
  const reader = serviceClient({ comments });
  const page = await reader.listComments({ url: POST_URL, type: 'hot', count: 10 });
  return { initialPage: { page, readAt: Date.now() }, client };
}

describe('<Comments initialPage>', () => {
  it('renders the server page in HTML, hydrates it without a mismatch and does not read the first page again', async () => {
    const { initialPage, client } = await serverPage();
    const element = <Comments appId="guffaw" url={POST_URL} client={client} auth={null} initialPage={initialPage} />;
    const html = renderToString(element);
    expect(html).toContain('first by ada');
    // User text is text: escaped in the markup.
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverText = [...container.querySelectorAll('.gfw-text')].find((p) => p.textContent === 'first by ada');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, element, { onRecoverableError: recoverable });
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(serverText?.isConnected).toBe(true);
    expect(screen.getByRole('heading', { name: '2 comments' })).toBeInTheDocument();
    expect(client.callsOf('listComments')).toEqual([]);
    container.remove();
  });

  it('reads the first page afresh for a signed-in viewer (their votes and hidden comments)', async () => {
    const { initialPage, client } = await serverPage({ user: userState(users.ada) });
    render(<Comments appId="guffaw" url={POST_URL} client={client} auth="token" initialPage={initialPage} />);
    expect(screen.getByText('first by ada')).toBeInTheDocument();
    await waitFor(() => expect(client.callsOf('listComments').length).toBeGreaterThan(0));
  });

  it('keeps the server’s rows in place while a signed-in viewer’s own read arrives: a menu opened meanwhile stays open', async () => {
    const { initialPage, client } = await serverPage({ user: userState(users.bob) });
    const release = client.hold('listComments');
    const user = userEvent.setup();
    render(<Comments appId="guffaw" url={POST_URL} client={client} auth="token" initialPage={initialPage} />);
    const row = screen.getByRole('article', { name: 'Comment by ada' });
    await waitFor(() => expect(client.callsOf('listComments').length).toBeGreaterThan(0));
    await user.click(within(row).getByRole('button', { name: /More actions/ }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(row.isConnected).toBe(true);
    expect(screen.getByRole('article', { name: 'Comment by ada' })).toBe(row);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /More actions/ })).toHaveAttribute('aria-expanded', 'true');
  });
});
