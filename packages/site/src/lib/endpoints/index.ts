/**
 * The site's calls to the main API, one typed function per endpoint, by area. Call sites import the area's file, not
 * this index, so that a route's chunk carries only the calls it makes (the home route's size budget counts them).
 */
export * from './account';
export * from './ads';
export * from './analytics';
export * from './apps';
export * from './cheers';
export * from './lists';
export * from './notifications';
export * from './poll';
export * from './posts';
export * from './push';
export * from './read-state';
export * from './referral';
export * from './session';
export * from './site-config';
export * from './tags';
