export { profilePath, profileTabs, profileType, userListPath, PROFILE_TYPES, type ProfileType } from './profile-tabs';
