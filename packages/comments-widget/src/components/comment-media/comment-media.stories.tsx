import type { Meta, StoryObj } from '@storybook/react-vite';
import { CommentMedia } from './comment-media.js';
import { makeMediaItem } from '../../../../test-utils/src/comments/index.js';
import '../../styles/styles.css';

const tall = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="900"><rect width="300" height="900" fill="#a88"/></svg>');
const meta = {
  title: 'Comments/CommentMedia',
  component: CommentMedia,
  decorators: [(Story) => <div className="gfw-root" data-theme="light" style={{ padding: 16 }}><Story /></div>],
  args: { media: makeMediaItem(), alt: 'A picture' },
} satisfies Meta<typeof CommentMedia>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Static: Story = {};
export const TallCappedAt400: Story = { args: { media: makeMediaItem({ image: { url: tall, width: 300, height: 900 } }) } };
export const Animated: Story = {
  args: { media: makeMediaItem({ type: 'animated', animated: { url: 'https://guffaw.test/media/clip.mp4', type: 'video/mp4', width: 400, height: 300 } }) },
};
