import type { Meta, StoryObj } from '@storybook/react-vite';
import { CommentItem } from './comment-item.js';
import {
  animatedComments, anonymousOpComments, deletedComments, longComments, maskedComments, sampleComments, serviceFor, StoryStores,
} from '../../test/story-kit.js';

type Args = { commentId: string; auth: string | null; showRepliesLink: boolean };
const meta = {
  title: 'Comments/CommentItem',
  render: ({ commentId, auth, showRepliesLink }: Args) => (
    <StoryStores auth={auth}><CommentItem commentId={commentId} showRepliesLink={showRepliesLink} /></StoryStores>
  ),
  args: { commentId: '101', auth: null, showRepliesLink: true },
  parameters: { msw: { handlers: serviceFor([...sampleComments(), ...maskedComments(), ...deletedComments(), ...anonymousOpComments().slice(0, 1), ...longComments(), ...animatedComments()]) } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PinnedWithReplies: Story = {};
export const LinkAndBadges: Story = { args: { commentId: '102' } };
export const WithMedia: Story = { args: { commentId: '103', auth: 'member' }, parameters: { media: ['picture.jpg', 'picture.webp'] } };
export const WithAnimatedMedia: Story = { args: { commentId: '105' }, parameters: { media: ['clip-poster.jpg', 'clip.mp4'] } };
export const OwnComment: Story = { args: { commentId: '103', auth: 'member' } };
export const ByTheOp: Story = { args: { commentId: '104' } };
export const AnonymousOp: Story = { args: { commentId: '501' } };
export const Sensitive: Story = { args: { commentId: '301', auth: 'member' } };
export const Offensive: Story = { args: { commentId: '302', auth: 'member' } };
export const Downvoted: Story = { args: { commentId: '303', auth: 'member' } };
export const Deleted: Story = { args: { commentId: '401' } };
export const ModeratorTools: Story = { args: { commentId: '102', auth: 'moderator' } };
/** Cut after 12 lines, with Read more (in a browser: jsdom does no layout). */
export const LongComment: Story = { args: { commentId: '601' } };
