import { Type, type Static } from '@sinclair/typebox';

/** shell-and-account.md §7 "Analytics and logging": POST /v1/analytics/events, how many events came and how many were new. */
export const AnalyticsBatchReply = Type.Object({ received: Type.Integer(), stored: Type.Integer() });
export type AnalyticsBatchReply = Static<typeof AnalyticsBatchReply>;
