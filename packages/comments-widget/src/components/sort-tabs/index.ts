export { SortTabs } from './sort-tabs.js';
