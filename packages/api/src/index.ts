/** The main API's wire types, once for server and site (README.md). */
export * from './envelope.js';
export * from './post.js';
export * from './list.js';
export * from './notifications.js';
export * from './ads.js';
export * from './upload.js';
export * from './account.js';
export * from './config.js';
export * from './actions.js';
export * from './apps.js';
export * from './privacy.js';
export * from './referral.js';
export * from './analytics.js';
export * from './follows.js';
export * from './meme-templates.js';
export * from './sign-in.js';
export * from './page-config.js';
