import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Comment } from '@guffaw/comments-client';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Comments } from './comments.js';
import { createTranslate, type Messages } from '../../i18n/translate.js';
import { blockApi, followApi, sampleComments, serviceFor, STORY_HOST, STORY_URL, type StoryService } from '../../test/story-kit.js';
import { commentsIn } from '../../test/story-kit-languages.js';

/**
 * The main journeys as play functions, over a fake service that keeps each story's changes: Storybook runs them in
 * its Interactions panel, and stories.test.tsx runs them under Vitest (`npm run test:unit`). Each checks the screen
 * and what the service now holds, so a journey fails when the widget or the call behind it breaks.
 */
const meta = {
  title: 'Comments/Journeys',
  component: Comments,
  args: { appId: 'guffaw', url: STORY_URL, host: STORY_HOST, auth: 'member', followApi, blockApi, onRequireLogin: fn() },
  decorators: [(Story) => <div style={{ padding: 16, maxWidth: 720 }}><Story /></div>],
} satisfies Meta<typeof Comments>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The section's comments as the fake service holds them now. */
const held = (service: StoryService): Comment[] => service.fake().state.sections.get(STORY_URL)?.comments ?? [];
const byId = (service: StoryService, id: string) => held(service).find((c) => c.commentId === id);
/** The comment (article) showing `text`, once the list is in. */
const article = async (canvas: ReturnType<typeof within>, text: string | RegExp) => {
  const found = (await canvas.findByText(text)).closest('article');
  if (!found) throw new Error(`No comment shows ${String(text)}`);
  return found;
};
/** Authors of the shown list's comments, top to bottom. */
const order = (canvas: ReturnType<typeof within>) => within(canvas.getByRole('tabpanel')).getAllByRole('article', { name: /^Comment by / }).map((a) => a.getAttribute('aria-label'));

/**
 * In a browser, what a click opened lies in the viewport and is what the reader's pointer meets at its centre (jsdom
 * lays nothing out: there the check is the role and name the queries found it by).
 */
const expectReachable = (element: Element) => {
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return;
  expect(box.top).toBeGreaterThanOrEqual(0);
  expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  expect(hit && (element === hit || element.contains(hit))).toBe(true);
};

const posting = serviceFor(sampleComments());
/** A member writes a comment; it shows at the top of the list, above the pinned one, and the count goes up. */
export const MemberPostsAComment: Story = {
  parameters: { msw: { handlers: posting } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await canvas.findByRole('textbox', { name: 'Write a comment' });
    await canvas.findByRole('heading', { name: '6 comments' });
    await userEvent.type(box, 'Fresh from the oven');
    await userEvent.click(canvas.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(order(canvas)[0]).toBe('Comment by you'));
    expect(within(canvas.getByRole('tabpanel')).getAllByRole('article')[0]).toHaveTextContent('Fresh from the oven');
    expect(box).toHaveValue('');
    expect(canvas.getByRole('heading', { name: '7 comments' })).toBeInTheDocument();
    expect(held(posting).filter((c) => c.text === 'Fresh from the oven')).toHaveLength(1);
  },
};

const replying = serviceFor(sampleComments());
/** A member replies to bob's comment: the reply starts with @bob, and the comment now has a reply. */
export const MemberReplies: Story = {
  parameters: { msw: { handlers: replying } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: 'Write a comment' });
    const bob = within(await article(canvas, /^Source:/));
    await userEvent.click(bob.getByRole('button', { name: 'Reply' }));
    const box = await bob.findByRole('textbox', { name: 'Write a reply' });
    expectReachable(box);
    expect(box).toHaveValue('@bob ');
    await userEvent.type(box, 'thanks for the link');
    await userEvent.click(within(bob.getByRole('form', { name: 'Reply to bob' })).getByRole('button', { name: 'Reply' }));
    expect(await bob.findByRole('button', { name: 'View 1 reply' })).toBeInTheDocument();
    await waitFor(() => expect(held(replying).find((c) => c.parent === '102')?.text).toBe('@bob thanks for the link'));
  },
};

const liking = serviceFor(sampleComments());
/** A member likes bob's comment: the count moves from 7 to 8, the button is pressed, the service counts it. */
export const MemberLikes: Story = {
  parameters: { msw: { handlers: liking } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: 'Write a comment' });
    const bob = within(await article(canvas, /^Source:/));
    await userEvent.click(bob.getByRole('button', { name: 'Like, 7' }));
    expect(bob.getByRole('button', { name: 'Like, 8' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(byId(liking, '102')?.likeCount).toBe(8));
  },
};

/** Hot (score), New and Oldest each order the list their way; the pinned comment stays first. */
const changesSort = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { name: '6 comments' });
  await waitFor(() => expect(order(canvas)).toEqual(['Comment by ada', 'Comment by op', 'Comment by bob', 'Comment by you']));
  await userEvent.click(canvas.getByRole('tab', { name: 'New' }));
  expect(canvas.getByRole('tab', { name: 'New' })).toHaveAttribute('aria-selected', 'true');
  await waitFor(() => expect(order(canvas)).toEqual(['Comment by ada', 'Comment by bob', 'Comment by you', 'Comment by op']));
  await userEvent.click(canvas.getByRole('tab', { name: 'Oldest' }));
  await waitFor(() => expect(order(canvas)).toEqual(['Comment by ada', 'Comment by op', 'Comment by you', 'Comment by bob']));
};
export const VisitorChangesSort: Story = {
  args: { auth: null },
  parameters: { msw: { handlers: serviceFor(sampleComments()) } },
  play: async ({ canvasElement }) => changesSort(canvasElement),
};
/** The same journey in the dark theme: the widget ("system") follows the page's <html data-theme="dark">. */
export const DarkChangesSort: Story = {
  args: { auth: null },
  globals: { theme: 'dark' },
  parameters: { msw: { handlers: serviceFor(sampleComments()) } },
  play: async ({ canvasElement }) => {
    await changesSort(canvasElement);
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(canvasElement.querySelector('section.gfw-root')).toHaveAttribute('data-theme', 'system');
  },
};

const reporting = serviceFor(sampleComments());
/** A member reports bob's comment: the dialog asks a reason, thanks at once, and the service has the report. */
export const MemberReports: Story = {
  parameters: { msw: { handlers: reporting } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: 'Write a comment' });
    const bob = within(await article(canvas, /^Source:/));
    await userEvent.click(bob.getByRole('button', { name: 'More actions for the comment by bob' }));
    const report = await canvas.findByRole('menuitem', { name: 'Report' });
    expectReachable(report);
    await userEvent.click(report);
    const dialog = within(await canvas.findByRole('dialog', { name: 'Report comment' }));
    expectReachable(dialog.getByRole('radio', { name: 'Spam' }));
    expect(dialog.getByRole('button', { name: 'Report' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('radio', { name: 'Spam' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Report' }));
    expect(canvas.queryByRole('dialog')).toBeNull();
    expect(await canvas.findByText('Reported. Thanks for making the product better.')).toBeInTheDocument();
    await waitFor(() => expect(reporting.fake().state.reports).toEqual([{ userId: 'member', commentId: '102', url: STORY_URL, data: { reason: 1, text: '' }, at: expect.any(String) }]));
  },
};

const deleting = serviceFor(sampleComments());
/** A member deletes their own comment after confirming; it leaves the list and the service. (Comments are not edited.) */
export const MemberDeletesOwnComment: Story = {
  parameters: { msw: { handlers: deleting } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: 'Write a comment' });
    const own = within(await article(canvas, 'My own comment, with a picture'));
    await userEvent.click(own.getByRole('button', { name: 'More actions for the comment by you' }));
    expect(canvas.queryByRole('menuitem', { name: 'Report' })).toBeNull();
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Delete' }));
    const dialog = within(await canvas.findByRole('dialog', { name: 'Delete comment?' }));
    expectReachable(dialog.getByRole('button', { name: 'Delete' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(canvas.queryByText('My own comment, with a picture')).toBeNull());
    expect(canvas.getByRole('heading', { name: '5 comments' })).toBeInTheDocument();
    expect(byId(deleting, '103')).toBeUndefined();
  },
};

const visiting = serviceFor(sampleComments());
/** A visitor pressing Like is asked to log in (the host's onRequireLogin); nothing is voted. */
export const VisitorLikeAsksToLogIn: Story = {
  args: { auth: null },
  parameters: { msw: { handlers: visiting } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const bob = within(await article(canvas, /^Source:/));
    await userEvent.click(bob.getByRole('button', { name: 'Like, 7' }));
    expect(args.onRequireLogin).toHaveBeenCalledTimes(1);
    expect(bob.getByRole('button', { name: 'Like, 7' })).toHaveAttribute('aria-pressed', 'false');
    expect(visiting.fake().callsTo('like.json')).toHaveLength(0);
  },
};

const moderating = serviceFor(sampleComments());
/** A moderator hides bob's comment: it is marked Hidden for them, and hidden in the service. */
export const ModeratorHides: Story = {
  args: { auth: 'moderator' },
  parameters: { msw: { handlers: moderating } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: 'Write a comment' });
    const bob = within(await article(canvas, /^Source:/));
    await userEvent.click(bob.getByRole('button', { name: 'More actions for the comment by bob' }));
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Hide' }));
    expect(await bob.findByText('Hidden')).toBeInTheDocument();
    await waitFor(() => expect(byId(moderating, '102')?.isHidden).toBe(true));
  },
};

const arabic = serviceFor(commentsIn('ar'));
/** Right to left: a member posts in Arabic; labels come from the Arabic catalogue, the section is dir="rtl". */
export const ArabicMemberPosts: Story = {
  globals: { locale: 'ar' },
  parameters: { msw: { handlers: arabic } },
  play: async ({ canvasElement, loaded }) => {
    const t = createTranslate('ar', (loaded as { language?: { catalogue?: Messages } }).language?.catalogue);
    const canvas = within(canvasElement);
    const box = await canvas.findByRole('textbox', { name: t('writeComment') });
    await waitFor(() => expect(canvasElement.querySelector('section.gfw-root')).toHaveAttribute('dir', 'rtl'));
    expect(canvasElement.querySelector('section.gfw-root')).toHaveAttribute('lang', 'ar');
    expect(canvasElement.querySelector('[data-story-language]')).toHaveAttribute('dir', 'rtl');
    await canvas.findByText('هذا أفضل شيء رأيته طوال الأسبوع');
    await userEvent.type(box, 'مرحبا بالجميع');
    await userEvent.click(canvas.getByRole('button', { name: t('post') }));
    await waitFor(() => expect(within(canvas.getByRole('tabpanel')).getAllByRole('article')[0]).toHaveTextContent('مرحبا بالجميع'));
    expect(held(arabic).filter((c) => c.text === 'مرحبا بالجميع')).toHaveLength(1);
  },
};
