import type { Meta, StoryObj } from '@storybook/react-vite';
import { TopBar } from './top-bar';

const meta = {
  title: 'Site/Shell/TopBar',
  component: TopBar,
  args: { appName: 'Guffaw' },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Guest: Story = {};
export const OtherName: Story = { args: { appName: 'Chuckle' } };
