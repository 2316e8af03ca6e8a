import { makeComment, userState, users } from '@guffaw/test-utils/widget';

/** The thread <Comments>' tests start from (components/comments/comments*.test.tsx), and a member to read it as. */

export const thread = () => [
  makeComment({ commentId: 'a', user: users.ada, text: 'first by ada', likeCount: 3, childrenTotal: 2, timestamp: 100 }),
  makeComment({ commentId: 'b', user: users.bob, text: 'second by bob', timestamp: 200 }),
  makeComment({ commentId: 'r1', user: users.bob, parent: 'a', text: 'reply one', timestamp: 300 }),
  makeComment({ commentId: 'r2', user: users.cat, parent: 'a', text: 'reply two', timestamp: 400 }),
];
export const member = userState(users.ada);
