import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The shared test setup loads the parts before every file; here the modules are fresh, so the chunk is not in yet.
beforeEach(() => {
  vi.resetModules();
});

describe('lazy parts', () => {
  it('render nothing until their chunk is in, then the part itself; once in, at once', async () => {
    const { Dialog } = await import('./lazy-parts.js');
    const { unmount } = render(<Dialog title="Report comment" onClose={() => undefined}><p>inside</p></Dialog>);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Report comment' })).toHaveTextContent('inside');
    unmount();
    render(<Dialog title="Again" onClose={() => undefined}><p>inside</p></Dialog>);
    expect(screen.getByRole('dialog', { name: 'Again' })).toBeInTheDocument();
  });

  it('a menu opened before its chunk is in opens once it is, with the focus on its first item', async () => {
    const { ActionMenu } = await import('./action-menu/index.js');
    render(<ActionMenu label="More" actions={[{ label: 'Copy link', onSelect: () => undefined }]} />);
    const button = screen.getByRole('button', { name: 'More' });
    act(() => button.click());
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(await screen.findByRole('menuitem', { name: 'Copy link' })).toHaveFocus();
  });

  it('draws a part whose chunk arrives between its first render and its effect', async () => {
    const { lazyPart } = await import('./lazy-parts.js');
    const module = { Hello: () => <p>hello</p> };
    // Not loaded when the part renders (two reads), loaded by the time its effect runs (the import resolved between).
    let reads = 0;
    const from = { get: () => (reads++ < 2 ? null : module), load: () => Promise.resolve(module) };
    const Hello = lazyPart(from, 'Hello');
    render(<Hello />);
    expect(await screen.findByText('hello')).toBeInTheDocument();
  });
});
