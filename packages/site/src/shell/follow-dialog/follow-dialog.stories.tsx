import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { interestStore } from '../../tags/interests';
import { followedStore } from '../../tags/followed-pages';
import { makeTag, tagStore } from '../../tags/tag-store';
import { interestsHandler, success } from '../../test/handlers';
import { FollowDialog } from './follow-dialog';

/** Interests come from GET /v1/interests and follows go to POST /user-followed-pages, both answered by MSW. */
const meta = {
  title: 'Site/Shell/FollowDialog',
  component: FollowDialog,
  args: { props: {}, close: () => undefined },
  parameters: {
    msw: {
      handlers: [
        interestsHandler(),
        http.post('*/user-followed-pages/:kind/:key', ({ params }) => success({ key: params.key })),
      ],
    },
  },
  loaders: [
    () => {
      interestStore.setState({ interests: [], loaded: false });
      followedStore.setState({ pages: [], loaded: true });
      tagStore.setState({ popular: ['cats', 'dogs', 'wholesome', 'gaming'].map(makeTag) });
      return {};
    },
  ],
} satisfies Meta<typeof FollowDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SignupMode: Story = { args: { props: { signup: true } } };
