export * from './fixtures.js';
export * from './fake-comments-client.js';
