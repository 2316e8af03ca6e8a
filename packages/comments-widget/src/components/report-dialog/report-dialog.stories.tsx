import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ReportDialog } from './report-dialog.js';
import { StoryFrame } from '../../test/story-kit.js';

const meta = {
  title: 'Comments/ReportDialog',
  component: ReportDialog,
  decorators: [(Story) => <StoryFrame><Story /></StoryFrame>],
  args: { name: 'bob', canBlock: true, onSubmit: fn(), onClose: fn() },
} satisfies Meta<typeof ReportDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithBlock: Story = {};
export const WithoutBlock: Story = { args: { canBlock: false } };
