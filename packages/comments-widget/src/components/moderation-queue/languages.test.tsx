import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeBan, makeComment, makeUser, setupCommentService, userState, users } from '@guffaw/test-utils/widget';
import { loadLanguage } from '../../i18n/languages.js';
import { createTranslate } from '../../i18n/translate.js';
import { createWidgetStores, WidgetProvider } from '../../stores/widget-stores.js';
import { ToastRegion } from '../toast-region/toast-region.js';
import { bannedNotice, durationLabel } from './ban-dialog.js';
import { ModerationQueue } from './moderation-queue.js';

const serviceClient = setupCommentService();
const PAGE = 'https://blog.example.com/post-1';

/** The fake service holding bob's held comment on PAGE with three reports (Spam twice, Hate speech once), and cal's ban. */
async function renderQueue(locale: string) {
  const comment = makeComment({ commentId: 'a', text: 'comment a', user: users.bob, isHeld: true, heldReason: 'premoderation' });
  const client = serviceClient({ url: PAGE, comments: [comment], user: userState(users.mod, { moderate: true }) });
  for (const [userId, reason] of [['u-ada', 1], ['u-cat', 1], ['u-op', 3]] as const) client.fake.state.reports.push({ userId, commentId: 'a', url: PAGE, data: { reason } });
  const cal = makeUser({ userId: 'u-cal', accountId: 'cal', displayName: 'cal' });
  client.fake.state.banned.set(cal.userId, makeBan(cal, { reason: 'spam', until: '2099-12-05T08:00:00.000Z' }));
  const stores = createWidgetStores(client, { url: '', locale, catalogue: await loadLanguage(locale) });
  render(<WidgetProvider stores={stores}><div className="gfw-root"><ModerationQueue /><ToastRegion /></div></WidgetProvider>);
  return userEvent.setup();
}

describe('the moderation queue in the widget’s language', () => {
  it('in German: tabs, the item, its reports and marks, the ban dialog, the toasts and the banned list', async () => {
    const user = await renderQueue('de');
    const entry = await screen.findByRole('article', { name: 'Kommentar von bob' });
    expect(screen.getByRole('heading', { name: 'Moderationswarteschlange' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Ansichten der Warteschlange' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gemeldet (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Sortieren' })).toHaveDisplayValue('Neueste zuerst');
    expect(within(entry).getByText('3 Meldungen: Spam 2, Hassrede 1')).toBeInTheDocument();
    expect(within(entry).getByText('Wartet auf Freigabe')).toBeInTheDocument();
    expect(within(entry).getByRole('link', { name: 'https://blog.example.com/post-1' }).parentElement).toHaveTextContent(/^auf https:\/\/blog\.example\.com\/post-1$/);
    const actions = within(entry).getByRole('group', { name: 'Kommentar von bob moderieren' });
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Freigeben', 'Ablehnen', 'Löschen', 'Als heikel verdecken', 'Verfasser sperren']);

    await user.click(within(actions).getByRole('button', { name: 'Verfasser sperren' }));
    const dialog = await screen.findByRole('dialog', { name: '@bob sperren' });
    expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['1 Tag', '7 Tage', 'Dauerhaft']);
    await user.click(within(dialog).getByRole('radio', { name: '7 Tage' }));
    expect(within(dialog).getByRole('textbox', { name: 'Grund (wird der Person angezeigt)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sperren' }));
    await screen.findByText('@bob ist für 7 Tage gesperrt');
    expect(within(entry).getByText('Gesperrt')).toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Freigeben' }));
    await screen.findByText('Kommentar freigegeben');

    await user.click(screen.getByRole('button', { name: 'Gesperrte Nutzer' }));
    await screen.findByText('gesperrt bis 5. Dez. 2099: spam');
    await user.click(screen.getByRole('button', { name: 'Sperre von @cal aufheben' }));
    await screen.findByText('Die Sperre von @cal ist aufgehoben');
    await user.click(screen.getByRole('button', { name: 'Sperre von @bob aufheben' }));
    await screen.findByText('Niemand ist gesperrt.');
  });

  it('in Arabic: the counts and durations take Arabic’s plural forms (zero, one, two, few, many, other)', async () => {
    const t = createTranslate('ar', await loadLanguage('ar'));
    expect([0, 1, 2, 3, 11, 100].map((count) => t('reportCount', { count }))).toEqual(['لا بلاغات', 'بلاغ واحد', 'بلاغان', '3 بلاغات', '11 بلاغًا', '100 بلاغ']);
    expect([1, 2, 3, 11, 100].map((count) => t('banDays', { count }))).toEqual(['يوم واحد', 'يومان', '3 أيام', '11 يومًا', '100 يوم']);
    expect([durationLabel(t, '1d'), durationLabel(t, '7d'), durationLabel(t, 'forever')]).toEqual(['يوم واحد', '7 أيام', 'نهائيًا']);
    expect([bannedNotice(t, 'bob', '1d'), bannedNotice(t, 'bob', '7d'), bannedNotice(t, 'bob')]).toEqual(['تم منع @bob لمدة يوم واحد', 'تم منع @bob لمدة 7 أيام', 'تم منع @bob نهائيًا']);
  });

  it('in Japanese, the report summary lists reasons as Japanese does, and the banned list dates as Japanese does', async () => {
    const user = await renderQueue('ja');
    const entry = await screen.findByRole('article', { name: 'bob さんのコメント' });
    expect(within(entry).getByText('報告 3 件：スパム 2 ヘイトスピーチ 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '利用停止中のユーザー' }));
    await screen.findByText('2099年12月5日まで利用停止：spam');
  });
});
