import { useEffect } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ToastRegion } from './toast-region.js';
import { sampleComments, serviceFor, StoryStores } from '../../test/story-kit.js';
import { useWidget } from '../../stores/widget-stores.js';

function Show({ messages }: { messages: string[] }) {
  const { toasts } = useWidget();
  useEffect(() => {
    for (const message of messages) {
      toasts.getState().show(message, message.startsWith('You’ve blocked') ? { label: 'Undo', run: () => undefined } : undefined);
    }
  }, [toasts, messages]);
  return null;
}

const meta = {
  title: 'Comments/Toasts',
  render: ({ messages }: { messages: string[] }) => <StoryStores><Show messages={messages} /><ToastRegion /></StoryStores>,
  parameters: { msw: { handlers: serviceFor(sampleComments()) } },
  args: { messages: ['Reported. Thanks for making the product better.'] },
} satisfies Meta<{ messages: string[] }>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Reported: Story = {};
export const ReportFailed: Story = { args: { messages: ['Something went wrong, please try again later.'] } };
export const Followed: Story = { args: { messages: ['You will get notified when there are new replies.'] } };
export const Unfollowed: Story = { args: { messages: ["You won't get notified."] } };
export const BlockedWithUndo: Story = { args: { messages: ['You’ve blocked @bob'] } };
export const Unblocked: Story = { args: { messages: ['You’ve unblocked @bob'] } };
