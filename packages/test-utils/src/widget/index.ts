export * from './fixtures.js';
export * from './service-client.js';
