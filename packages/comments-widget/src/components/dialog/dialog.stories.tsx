import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ConfirmDialog } from './dialog.js';
import { useT } from '../../stores/widget-stores.js';
import { StoryFrame } from '../../test/story-kit.js';

/** Delete's confirmation, in the toolbar's language. */
function ConfirmDelete({ onConfirm, onClose }: { onConfirm: () => void; onClose: () => void }) {
  const t = useT();
  return <ConfirmDialog title={t('deleteComment')} message={t('cannotUndo')} confirmLabel={t('delete')} onConfirm={onConfirm} onClose={onClose} />;
}

const meta = {
  title: 'Comments/ConfirmDialog',
  component: ConfirmDelete,
  decorators: [(Story) => <StoryFrame><Story /></StoryFrame>],
  args: { onConfirm: fn(), onClose: fn() },
} satisfies Meta<typeof ConfirmDelete>;
export default meta;
export const DeleteComment: StoryObj<typeof meta> = {};
