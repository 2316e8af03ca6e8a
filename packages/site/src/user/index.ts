export { guestInfo, type MainUser, type UserInfo } from './user-types';
export {
  createUserStore, isStale, selectIsLoggedIn, selectUser, startUserSync, USER_INFO_TTL_MS, USER_STATE_KEY, userStore, useUser,
  type UserActions, type UserState, type UserStore,
} from './user-store';
