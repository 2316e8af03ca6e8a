import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfirmDialog } from './dialog.js';
import '../../styles/styles.css';

const meta = {
  title: 'Comments/ConfirmDialog',
  component: ConfirmDialog,
  decorators: [(Story) => <div className="gfw-root" data-theme="light"><Story /></div>],
  args: { title: 'Delete comment?', message: 'This cannot be undone.', confirmLabel: 'Delete', onConfirm: () => undefined, onClose: () => undefined },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
export const DeleteComment: StoryObj<typeof meta> = {};
