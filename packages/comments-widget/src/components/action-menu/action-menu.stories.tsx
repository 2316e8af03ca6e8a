import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ActionMenu } from './action-menu.js';
import { useT } from '../../stores/widget-stores.js';
import { StoryFrame } from '../../test/story-kit.js';

/** A member's menu on someone else's comment, in the toolbar's language. */
function MemberMenu({ onSelect }: { onSelect: (item: string) => void }) {
  const t = useT();
  return (
    <ActionMenu
      label={t('moreActions', { name: 'bob' })}
      actions={[
        { label: t('report'), onSelect: () => onSelect('report') },
        { label: t('block', { name: 'bob' }), onSelect: () => onSelect('block') },
        { label: t('delete'), onSelect: () => onSelect('delete'), danger: true },
      ]}
    />
  );
}

const meta = {
  title: 'Comments/ActionMenu',
  component: MemberMenu,
  // Room on the start side: the menu opens under its button, aligned to its end.
  decorators: [(Story) => <StoryFrame><div style={{ paddingInlineStart: 224 }}><Story /></div></StoryFrame>],
  args: { onSelect: fn() },
} satisfies Meta<typeof MemberMenu>;
export default meta;
export const Member: StoryObj<typeof meta> = {};
