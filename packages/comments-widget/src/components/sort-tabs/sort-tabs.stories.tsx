import type { Meta, StoryObj } from '@storybook/react-vite';
import { SortTabs } from './sort-tabs.js';
import { CommentList } from '../comment-list/index.js';
import { sampleComments, serviceFor, StoryStores } from '../../test/story-kit.js';

const meta = {
  title: 'Comments/SortTabs',
  render: ({ isForum }: { isForum: boolean }) => (
    <StoryStores options={{ isForum }}>
      <SortTabs listId="story-list" />
      <CommentList listId="story-list" />
    </StoryStores>
  ),
  args: { isForum: false },
  parameters: { msw: { handlers: serviceFor(sampleComments()) } },
} satisfies Meta<{ isForum: boolean }>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Normal: Story = {};
export const Forum: Story = { args: { isForum: true } };
