export * from './comments/index.js';
