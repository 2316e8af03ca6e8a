import type { Meta, StoryObj } from '@storybook/react-vite';
import { CommentList } from './comment-list.js';
import { makeComment } from '@guffaw/test-utils/comments';
import { sampleComments, serviceFor, StoryStores } from '../../test/story-kit.js';

const meta = {
  title: 'Comments/CommentList',
  render: () => <StoryStores auth="member"><CommentList listId="story-list" /></StoryStores>,
  parameters: { msw: { handlers: serviceFor(sampleComments()) } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = { parameters: { msw: { handlers: serviceFor([], { latency: 600_000 }) } } };
export const Empty: Story = { parameters: { msw: { handlers: serviceFor([]) } } };
export const LoadError: Story = { parameters: { msw: { handlers: serviceFor([], { failures: { 'comment-list.json': { code: 'SERVER_ERROR', status: 500 } } }) } } };
export const WithMorePages: Story = {
  parameters: { msw: { handlers: serviceFor(Array.from({ length: 35 }, (_, i) => makeComment({ text: `Comment ${i + 1}` }))) } },
};
