/**
 * The visitor's privacy region (shell-and-account.md §4 "Consent", §7 "a privacy service returning region data"),
 * decided from the location a proxy or CDN puts in request headers (PRIVACY_REGION_HEADER), since this server has
 * no address database of its own:
 * - one header holding `US-CA` (ISO 3166-2), `US` (ISO 3166-1) or a region name, or two headers: country, then
 *   subdivision (`cf-ipcountry,cf-region-code` on Cloudflare);
 * - CCPA: the US states whose law gives an opt-out of sale or sharing and that the site has a policy page for
 *   (California, Virginia, Connecticut, Colorado, §2); they get the CCPA notice and the do-not-sell choice;
 * - GDPR: the EEA, the United Kingdom and Switzerland; NONE: any other known place; UNKNOWN: no usable header.
 * The site asks for consent to measurement everywhere but CCPA (where the notice is the question), so UNKNOWN is
 * as safe as GDPR. doNotSell is true in a CCPA region when the browser sends Global Privacy Control (`Sec-GPC: 1`),
 * which those laws treat as an opt-out.
 */
export type { PrivacyRegionName as RegionName, PrivacyRegionReply as PrivacyRegion } from '@guffaw/api';
import type { PrivacyRegionName as RegionName, PrivacyRegionReply as PrivacyRegion } from '@guffaw/api';

export const OPT_OUT_STATES = new Set(['US-CA', 'US-VA', 'US-CT', 'US-CO']);
export const GDPR_COUNTRIES = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO GB CH'.split(' '),
);
const REGION_NAMES = new Set<string>(['CCPA', 'GDPR', 'NONE', 'UNKNOWN']);

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase() ?? '';
};

/** The visitor's location as `CC` or `CC-SUB`, or a region name the proxy decided itself; null when not known. */
export function locationOf(headers: Headers, names: readonly string[]): string | null {
  const [countryHeader, subdivisionHeader] = names;
  if (!countryHeader) return null;
  const first = header(headers, countryHeader);
  if (REGION_NAMES.has(first)) return first;
  const [country = '', inline = ''] = first.split('-', 2);
  // XX is the CDNs' "no country" and T1 marks Tor: neither is a place.
  if (!/^[A-Z]{2}$/.test(country) || country === 'XX') return null;
  const second = subdivisionHeader ? header(headers, subdivisionHeader) : '';
  const subdivision = inline || (second.startsWith(`${country}-`) ? second.slice(country.length + 1) : second);
  return /^[A-Z0-9]{1,3}$/.test(subdivision) ? `${country}-${subdivision}` : country;
}

export function privacyRegion(headers: Headers, names: readonly string[]): PrivacyRegion {
  const location = locationOf(headers, names);
  const region: RegionName =
    location === null
      ? 'UNKNOWN'
      : REGION_NAMES.has(location)
        ? (location as RegionName)
        : OPT_OUT_STATES.has(location)
          ? 'CCPA'
          : GDPR_COUNTRIES.has(location.slice(0, 2))
            ? 'GDPR'
            : 'NONE';
  const doNotSell = region === 'CCPA' && header(headers, 'sec-gpc') === '1';
  return { region, doNotSell, location: location === null || REGION_NAMES.has(location) ? null : location };
}
