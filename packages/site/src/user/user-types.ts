/** shell-and-account.md §3 "User info": POST /v1/user-info, the contract's types (@guffaw/api account.ts). */
export type { MainUser, UserInfo } from '@guffaw/api';
import type { UserInfo } from '@guffaw/api';

export const guestInfo = (): UserInfo => ({
  user: null,
  votes: {},
  saves: [],
  uploads: [],
  reports: [],
  blockPosts: {},
  muteList: [],
  blockTags: [],
  blocklistIds: [],
});
