/** Where analytics events are POSTed by default (the server's analytics module; the tracker sends them). */
export const ANALYTICS_EVENTS_PATH = '/v1/analytics/events';
