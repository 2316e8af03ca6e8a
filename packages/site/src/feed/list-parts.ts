/**
 * The list pages' parts loaded on demand, as one chunk out of the home route's script (its 120 KB budget): the side
 * column's content (sidebar ads, or popular tags and trending posts), the designed state of an empty list, and the
 * search and embedded list pages. One chunk, not four: each chunk's hashed name is listed in the home route's script.
 */
export { SideColumn } from './right-column/side-column';
export { FeedEmpty } from './empty-feed/empty-feed';
export { SearchListPage } from './search-page';
export { EmbedListPage } from './embed-list-page';
