import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Comments } from './comments.js';
import {
  anonymousOpComments, bigThread, blockApi, deletedComments, followApi, longComments, maskedComments, sampleComments, serviceFor, STORY_HOST, STORY_URL,
} from '../../test/story-kit.js';

const meta = {
  title: 'Comments/Comments',
  component: Comments,
  args: { appId: 'guffaw', url: STORY_URL, host: STORY_HOST, followApi, blockApi, onRequireLogin: fn() },
  decorators: [(Story) => <div style={{ padding: 16, maxWidth: 720 }}><Story /></div>],
  parameters: { msw: { handlers: serviceFor(sampleComments()) } },
} satisfies Meta<typeof Comments>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {};
export const Member: Story = { args: { auth: 'member' } };
export const OriginalPoster: Story = { args: { auth: 'op', opToken: 'op-proof', canAnonymous: true } };
export const AnonymousOp: Story = {
  args: { auth: 'op', opToken: 'op-proof', canAnonymous: true },
  parameters: { msw: { handlers: serviceFor(anonymousOpComments()) } },
};
export const Moderator: Story = { args: { auth: 'moderator' } };
export const Forum: Story = { args: { auth: 'member', isForum: true } };
/** The toolbar's dark theme: the widget (theme "system") follows the page's <html data-theme>. */
export const Dark: Story = { args: { auth: 'member' }, globals: { theme: 'dark' } };
/** A host's theme="dark" on a light page. */
export const DarkProp: Story = { args: { auth: 'member', theme: 'dark' }, decorators: [(Story) => <div style={{ background: '#16171a' }}><Story /></div>] };
export const Loading: Story = { parameters: { msw: { handlers: serviceFor(sampleComments(), { latency: 600_000 }) } } };
export const Empty: Story = { args: { auth: 'member' }, parameters: { msw: { handlers: serviceFor([]) } } };
export const Locked: Story = { args: { auth: 'member' }, parameters: { msw: { handlers: serviceFor(sampleComments(), { lock: true }) } } };
export const LockedModerator: Story = { args: { auth: 'moderator' }, parameters: { msw: { handlers: serviceFor(sampleComments(), { lock: true }) } } };
export const LoadError: Story = {
  parameters: { msw: { handlers: serviceFor(sampleComments(), { failures: { 'comment-list.json': { code: 'SERVER_ERROR', status: 500 } } }) } },
};
export const Masked: Story = { args: { auth: 'member' }, parameters: { msw: { handlers: serviceFor(maskedComments()) } } };
export const Deleted: Story = { args: { auth: 'member' }, parameters: { msw: { handlers: serviceFor(deletedComments()) } } };
export const ThreadOf500Replies: Story = { args: { auth: 'member' }, parameters: { msw: { handlers: serviceFor(bigThread(500)) } } };
/** A comment of 20 lines cut after 12 with Read more, among others to mention (type @ in the composer). */
export const LongCommentAndMentions: Story = { args: { auth: 'member' }, parameters: { msw: { handlers: serviceFor([...longComments(), ...sampleComments()]) } } };
