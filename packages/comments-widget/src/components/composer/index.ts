export { Composer, mentionOf, type ComposerProps } from './composer.js';
