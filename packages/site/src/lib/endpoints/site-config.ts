import { apiGet } from '../api';

/** GET /v1/config: the popular tags among the site's settings. */
export const getSiteConfig = () => apiGet<{ tags?: unknown }>('/v1/config');
