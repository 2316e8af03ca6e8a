import type { Meta, StoryObj } from '@storybook/react-vite';
import { CommentMedia } from './comment-media.js';
import { StoryFrame } from '../../test/story-kit.js';
import { storyMedia } from '../../test/story-kit-media.js';

/** Real files from .storybook/public/media: stories.test.tsx checks each story shows the ones it names. */
const meta = {
  title: 'Comments/CommentMedia',
  component: CommentMedia,
  decorators: [(Story) => <StoryFrame><Story /></StoryFrame>],
  args: { media: storyMedia.picture(), alt: 'A picture' },
} satisfies Meta<typeof CommentMedia>;
export default meta;
type Story = StoryObj<typeof meta>;

/** WebP first, JPEG for a browser without it. */
export const Static: Story = { parameters: { media: ['picture.jpg', 'picture.webp'] } };
export const TallCappedAt400: Story = { args: { media: storyMedia.tall(), alt: 'A tall picture' }, parameters: { media: ['tall.png'] } };
/** A GIF as the service serves it: a muted looping clip, its still as the poster. */
export const Animated: Story = { args: { media: storyMedia.animated(), alt: 'A bouncing square' }, parameters: { media: ['clip-poster.jpg', 'clip.mp4'] } };
export const Video: Story = { args: { media: storyMedia.video(), alt: 'A video' }, parameters: { media: ['clip-poster.jpg', 'clip.mp4'] } };
