import type { Meta, StoryObj } from '@storybook/react-vite';
import { defaultConfig } from '../../config';
import { TopBar } from './top-bar';

const meta = {
  title: 'Site/Shell/TopBar',
  component: TopBar,
  args: { config: defaultConfig, showMenuButton: false },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Guest: Story = {};
export const WithMenuButton: Story = { args: { showMenuButton: true } };
export const WithNavLinks: Story = {
  args: {
    config: { ...defaultConfig, navLinks: [{ title: 'Videos', url: '/interest/video', isNew: true }, { title: 'Shop', url: 'https://example.com/shop', newTab: true }] },
  },
};
