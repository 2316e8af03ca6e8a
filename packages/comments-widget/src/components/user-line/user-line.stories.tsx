import type { Meta, StoryObj } from '@storybook/react-vite';
import { UserLine } from './user-line.js';
import { FIXTURE_NOW, makeComment, makeUser } from '@guffaw/test-utils/comments';
import { StoryFrame } from '../../test/story-kit.js';

const meta = {
  title: 'Comments/UserLine',
  component: UserLine,
  decorators: [(Story) => <StoryFrame><Story /></StoryFrame>],
  args: { comment: makeComment({ user: makeUser({ displayName: 'ada', isActivePro: true }), timestamp: Math.floor(Date.now() / 1000) - 30 }) },
} satisfies Meta<typeof UserLine>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ProJustNow: Story = {};
export const ProPlusVerified: Story = { args: { comment: makeComment({ user: makeUser({ displayName: 'bob', isActiveProPlus: true, isVerifiedAccount: true }) }) } };
export const HiddenProBadge: Story = {
  args: { comment: makeComment({ user: makeUser({ displayName: 'quiet', isActivePro: true, preferences: { hideProBadge: true, hideActiveTs: false, accentColor: '', backgroundColor: '' } }) }) },
};
export const NoProfileLink: Story = { args: { comment: makeComment({ user: makeUser({ displayName: 'guest', profileUrl: 'https://elsewhere.test/guest' }) }) } };
export const AnonymousOp: Story = { args: { comment: makeComment({ opStatus: 2, timestamp: FIXTURE_NOW - 86_400 * 400 }) } };
