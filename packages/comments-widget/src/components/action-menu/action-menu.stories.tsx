import type { Meta, StoryObj } from '@storybook/react-vite';
import { ActionMenu } from './action-menu.js';
import '../../styles/styles.css';

const meta = {
  title: 'Comments/ActionMenu',
  component: ActionMenu,
  decorators: [(Story) => <div className="gfw-root" data-theme="light" style={{ padding: 16, paddingLeft: 240 }}><Story /></div>],
  args: {
    label: 'More actions for the comment by bob',
    actions: [
      { label: 'Report', onSelect: () => undefined },
      { label: 'Block @bob', onSelect: () => undefined },
      { label: 'Delete', onSelect: () => undefined, danger: true },
    ],
  },
} satisfies Meta<typeof ActionMenu>;
export default meta;
export const Member: StoryObj<typeof meta> = {};
