import type { Generated, Int8, Json, Timestamp } from './columns.js';

/** The site and analytics tables: analytics events and the origin the stored urls name. */

export interface AnalyticsEvents {
  createdAt: Generated<Timestamp>;
  id: Generated<Int8>;
  name: string;
  payload: Generated<Json>;
  postId: string | null;
  sessionKey: Generated<string>;
  userId: Int8 | null;
}

/** 0023: the origin the stored absolute urls name (modules/site/origin.ts). */
export interface SiteOrigin {
  id: Generated<number>;
  origin: string;
  updatedAt: Generated<Timestamp>;
}
