/** shell-and-account.md §3 "User info": the fields of POST /v1/user-info the site reads. */
export type MainUser = {
  userId: string;
  accountId: string;
  hashId: string;
  username: string;
  fullName: string;
  email: string | null;
  pendingEmail: string | null;
  avatarUrl: string;
  profileUrl: string;
  emojiStatus: string;
  safeMode: boolean;
  nsfwMode: boolean;
  offensiveMode: boolean;
  /** null follows the system (shell §4 "Dark mode"). */
  darkMode: boolean | null;
  isActivePro: boolean;
  isActiveProPlus: boolean;
  isVerifiedAccount: boolean;
  isVerified: { email: boolean; age: boolean };
  initialFollowFinished: boolean;
  /** comments.md §3: replying follows the thread (default on); the comment service applies it. */
  autoFollowThreadReply?: boolean;
  creationTs: number;
  /** The comment service token for this user (DESIGN.md single sign-on). */
  commentAuth?: string;
  moonit?: { eligible: boolean | null; referralCode: string | null };
  notiOptions?: { channels: string[]; readStateParams: string };
};

export type UserInfo = {
  user: MainUser | null;
  votes: Record<string, -1 | 0 | 1>;
  saves: string[];
  uploads: string[];
  reports: string[];
  blockPosts: Record<string, string>;
  muteList: string[];
  blockTags: string[];
  blocklistIds: string[];
};

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
