/**
 * The comment module's SQL, one file per table group; every table named here is the module's own (README.md).
 * Rows are camelCase (CamelCasePlugin); raw SQL is written snake_case.
 */
export * from './types.js';
export * from './apps.js';
export * from './users.js';
export * from './sections.js';
export * from './comment-reads.js';
export * from './comment-changes.js';
export * from './comment-insert.js';
export * from './outbox.js';
export * from './media.js';
export * from './user-state.js';
export * from './mod-actions.js';
export * from './moderation.js';
