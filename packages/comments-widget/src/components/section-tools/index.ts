export { SectionTools } from '../lazy-parts.js';
export { SECTION_STATUSES } from './statuses.js';
