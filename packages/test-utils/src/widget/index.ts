export * from '../comments/fixtures.js';
export * from './service-client.js';
