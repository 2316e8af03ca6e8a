import type { Meta, StoryObj } from '@storybook/react-vite';
import { SectionTools } from './section-tools.js';
import { sampleComments, serviceFor, StoryStores } from '../../test/story-kit.js';

const meta = {
  title: 'Comments/SectionTools',
  render: () => <StoryStores auth="moderator"><SectionTools /></StoryStores>,
  parameters: { msw: { handlers: serviceFor(sampleComments()) } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Locked: Story = { parameters: { msw: { handlers: serviceFor(sampleComments(), { lock: true }) } } };
