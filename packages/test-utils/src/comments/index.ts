export * from './fixtures.js';
export * from './fake-service.js';
