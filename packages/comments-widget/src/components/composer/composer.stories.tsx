import type { Meta, StoryObj } from '@storybook/react-vite';
import { Composer } from './composer.js';
import { makeQuota } from '@guffaw/test-utils/comments';
import { sampleComments, serviceFor, StoryStores } from '../../test/story-kit.js';
import { useSection } from '../../stores/widget-stores.js';
import { MAIN_COMPOSER, replyComposerKey } from '../../stores/composer-store.js';

type Args = { auth: string | null; reply: boolean; opToken?: string };

function ReplyTo({ id }: { id: string }) {
  const parent = useSection((s) => s.comments[id]);
  return parent ? <Composer composerKey={replyComposerKey(id)} parent={parent} /> : null;
}

const meta = {
  title: 'Comments/Composer',
  render: ({ auth, reply, opToken }: Args) => (
    <StoryStores auth={auth} options={opToken ? { opToken, canAnonymous: true } : {}}>
      {reply ? <ReplyTo id="101" /> : <Composer composerKey={MAIN_COMPOSER} />}
    </StoryStores>
  ),
  args: { auth: 'member', reply: false },
  parameters: { msw: { handlers: serviceFor(sampleComments()) } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Member: Story = {};
export const Visitor: Story = { args: { auth: null } };
export const Reply: Story = { args: { reply: true } };
export const AnonymousOption: Story = { args: { auth: 'op', opToken: 'op-proof' } };
export const QuotaWait: Story = { parameters: { msw: { handlers: serviceFor(sampleComments(), { quota: makeQuota({ count: 0, wait: 5400 }) }) } } };
export const Locked: Story = { parameters: { msw: { handlers: serviceFor(sampleComments(), { lock: true }) } } };
export const ShortLimit: Story = { parameters: { msw: { handlers: serviceFor(sampleComments(), { app: { maxMessageLength: 140 } }) } } };
export const UploadRefused: Story = {
  parameters: { msw: { handlers: serviceFor(sampleComments(), { failures: { 'media.json': { code: 'IMAGE_INVALID_SIZE' } } }) } },
};
