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
