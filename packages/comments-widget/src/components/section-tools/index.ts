export { SECTION_STATUSES, SectionTools } from './section-tools.js';
