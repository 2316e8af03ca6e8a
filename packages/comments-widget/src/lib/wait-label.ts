import { unitLabel } from './time-ago.js';

/** Quota wait in hours and minutes (Intl's narrow units): 3h 20m, 45m; under a minute counts as 1m. */
export function waitLabel(seconds: number, locale = 'en'): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unitLabel(rest, 'minute', locale);
  return rest === 0 ? unitLabel(hours, 'hour', locale) : `${unitLabel(hours, 'hour', locale)} ${unitLabel(rest, 'minute', locale)}`;
}
