export { canonicalTag, displayTag, moveToFront, tagUrl } from './canonical';
export { createFollowedStore, followedStore, FOLLOWING_SHOWN, sortFollowed, useFollowed, type FollowedPage, type FollowKind } from './followed-pages';
export { createInterestStore, interestKey, interestStore, useInterests, visibleInterests, type Interest } from './interests';
export {
  createTagStore, hasHiddenTag, LEGACY_TAGS_KEY, makeTag, popularFromConfig, POPULAR_COUNT, RECENTS_CAP, selectPopular, TAGS_STORAGE_KEY, tagStore, useTags, type Tag,
} from './tag-store';
