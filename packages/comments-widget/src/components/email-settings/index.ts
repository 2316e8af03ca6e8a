export { EmailButton } from './email-button.js';
