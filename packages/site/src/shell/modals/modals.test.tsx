import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberInfo } from '../../test/fixtures';
import { guestInfo } from '../../user/user-types';
import { userStore } from '../../user/user-store';
import { RouterProvider } from '../../router';
import { requireMember } from '../../ui/modals/gate';
import { ModalHost } from './modal-host';
import { registerModal } from '../../ui/modals/modal-registry';
import { createModalStore, modalStore, OPEN_MODAL_EVENT } from '../../ui/modals/modal-store';

const renderHost = () =>
  render(
    <RouterProvider routes={[]}>
      <button type="button">opener</button>
      <ModalHost />
    </RouterProvider>,
  );

describe('modals', { timeout: 20_000 }, () => {
  afterEach(() => {
    act(() => modalStore.getState().close());
    userStore.setState({ info: guestInfo() });
  });

  it('keeps one modal at a time and runs close hooks once', () => {
    const store = createModalStore();
    const hook = vi.fn();
    store.getState().onClose(hook);
    store.getState().open('report', { postId: 'a1' });
    store.getState().open('hide-post', { postId: 'a1' });
    expect(store.getState().current).toEqual({ name: 'hide-post', props: { postId: 'a1' } });
    store.getState().close();
    store.getState().close();
    expect(store.getState().current).toBeNull();
    expect(hook).toHaveBeenCalledTimes(1);
    expect(hook).toHaveBeenCalledWith({ name: 'hide-post', props: { postId: 'a1' } });
  });

  it("gates a guest's protected action with the signup overlay carrying next and action", async () => {
    window.history.replaceState(null, '', '/gag/a1?ref=x');
    renderHost();
    let ran = false;
    act(() => {
      if (requireMember('vote')) ran = true;
    });
    expect(ran).toBe(false);
    const dialog = await screen.findByRole('dialog', { name: 'Join Guffaw' });
    expect(dialog).toHaveTextContent('Sign up to vote on posts');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup?next=%2Fgag%2Fa1%3Fref%3Dx&src=vote');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login?next=%2Fgag%2Fa1%3Fref%3Dx');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    window.history.replaceState(null, '', '/');
  });

  it('lets a member through without a modal', () => {
    userStore.setState({ info: memberInfo() });
    renderHost();
    let ran = false;
    act(() => {
      if (requireMember('save')) ran = true;
    });
    expect(ran).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens modals from a DOM event and draws registered components', async () => {
    registerModal('hide-post', ({ props, close }) => (
      <div role="dialog" aria-label="Hide post">
        post {String(props.postId)}
        <button type="button" onClick={close}>
          Cancel
        </button>
      </div>
    ));
    renderHost();
    act(() => {
      window.dispatchEvent(new CustomEvent(OPEN_MODAL_EVENT, { detail: { name: 'hide-post', props: { postId: 'p9' } } }));
    });
    expect(await screen.findByRole('dialog', { name: 'Hide post' })).toHaveTextContent('post p9');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(modalStore.getState().current).toBeNull();
  });

  it('draws the built-in partner referral modal (the offer needs a configured partner)', async () => {
    renderHost();
    act(() => {
      window.dispatchEvent(new CustomEvent(OPEN_MODAL_EVENT, { detail: { name: 'partner-referral', props: { referralCode: 'X1' } } }));
    });
    expect(await screen.findByRole('dialog', { name: 'Partner offer' })).toHaveTextContent('This offer is not available for your account.');
  });

  it('returns focus to the opener when the dialog closes', async () => {
    renderHost();
    const opener = screen.getByRole('button', { name: 'opener' });
    opener.focus();
    act(() => modalStore.getState().open('signup', { next: '/', action: 'save' }));
    const signUp = await screen.findByRole('link', { name: 'Sign Up' });
    expect(signUp).toHaveFocus();
    expect(document.body).toHaveAttribute('data-scroll-locked');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(opener).toHaveFocus();
    expect(document.body).not.toHaveAttribute('data-scroll-locked');
  });
});
