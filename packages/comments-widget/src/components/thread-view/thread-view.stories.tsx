import type { Meta, StoryObj } from '@storybook/react-vite';
import { ThreadView } from './thread-view.js';
import { bigThread, sampleComments, serviceFor, StoryStores } from '../../test/story-kit.js';

type Args = { commentId: string; auth: string | null };
const meta = {
  title: 'Comments/ThreadView',
  render: ({ commentId, auth }: Args) => <StoryStores auth={auth} thread={commentId}><ThreadView commentId={commentId} /></StoryStores>,
  args: { commentId: '101', auth: 'member' },
  parameters: { msw: { handlers: serviceFor(sampleComments()) } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Member: Story = {};
export const Visitor: Story = { args: { auth: null } };
export const FiveHundredReplies: Story = { args: { commentId: '9000' }, parameters: { msw: { handlers: serviceFor(bigThread(500)) } } };
