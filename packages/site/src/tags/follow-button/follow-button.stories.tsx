import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { memberInfo } from '../../test/fixtures';
import { success } from '../../test/handlers';
import { userStore } from '../../user/user-store';
import { followedStore } from '../followed-pages';
import { FollowButton } from './follow-button';

/** A member's follows go to POST /user-followed-pages, answered by MSW. */
const meta = {
  title: 'Site/Tags/FollowButton',
  component: FollowButton,
  args: { kind: 'tag', pageKey: 'funny-cats', name: 'funny cats' },
  parameters: {
    msw: { handlers: [http.post('*/user-followed-pages/:kind/:key', ({ params }) => success({ key: params.key }))] },
  },
  loaders: [
    () => {
      userStore.setState({ info: memberInfo() });
      followedStore.setState({ pages: [], loaded: true });
      return {};
    },
  ],
} satisfies Meta<typeof FollowButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Follow: Story = {};
export const Following: Story = {
  loaders: [
    () => {
      userStore.setState({ info: memberInfo() });
      followedStore.setState({ pages: [{ kind: 'tag', key: 'funny-cats', name: 'funny cats', url: '/tag/funny-cats', updateTs: 1 }], loaded: true });
      return {};
    },
  ],
};
