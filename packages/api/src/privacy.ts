import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './envelope.js';

/** shell-and-account.md §4 "Consent": GET /v1/privacy-region, the server's own region service. */

export const PRIVACY_REGIONS = ['CCPA', 'GDPR', 'NONE', 'UNKNOWN'] as const;
export const PrivacyRegionName = Type.Union(PRIVACY_REGIONS.map((r) => Type.Literal(r)));
export type PrivacyRegionName = Static<typeof PrivacyRegionName>;

export const PrivacyRegionReply = Type.Object({
  region: PrivacyRegionName,
  doNotSell: Type.Boolean(),
  /** `US-CA` or `DE` when known (it picks the regional policy page); null otherwise. */
  location: Nullable(Type.String()),
});
export type PrivacyRegionReply = Static<typeof PrivacyRegionReply>;
