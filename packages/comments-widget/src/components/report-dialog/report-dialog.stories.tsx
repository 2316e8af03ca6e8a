import type { Meta, StoryObj } from '@storybook/react-vite';
import { ReportDialog } from './report-dialog.js';
import '../../styles/styles.css';

const meta = {
  title: 'Comments/ReportDialog',
  component: ReportDialog,
  decorators: [(Story) => <div className="gfw-root" data-theme="light"><Story /></div>],
  args: { name: 'bob', canBlock: true, onSubmit: (choice) => window.alert(JSON.stringify(choice)), onClose: () => undefined },
} satisfies Meta<typeof ReportDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithBlock: Story = {};
export const WithoutBlock: Story = { args: { canBlock: false } };
