import type { AppConfig } from '@guffaw/api';
import { apiGet } from '../api';

/** GET /v1/config: the popular tags among the site's settings. */
export const getSiteConfig = () => apiGet<AppConfig>('/v1/config');
