import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { locationOf, privacyRegion } from './region.js';
import { PRIVACY_REGION_PATH } from './routes.js';

describe('privacy region', () => {
  const one = ['x-geo'];
  const two = ['cf-ipcountry', 'cf-region-code'];

  it('reads the location from one header (CC or CC-SUB) or from country and subdivision headers', () => {
    expect(locationOf({ 'x-geo': 'us-ca' }, one)).toBe('US-CA');
    expect(locationOf({ 'x-geo': 'DE' }, one)).toBe('DE');
    expect(locationOf({ 'cf-ipcountry': 'US', 'cf-region-code': 'VA' }, two)).toBe('US-VA');
    expect(locationOf({ 'cf-ipcountry': 'US', 'cf-region-code': 'US-CT' }, two)).toBe('US-CT');
    expect(locationOf({ 'cf-ipcountry': 'US' }, two)).toBe('US');
    for (const value of ['XX', 'T1', '', 'somewhere']) expect(locationOf({ 'x-geo': value }, one)).toBeNull();
    expect(locationOf({ 'x-geo': 'US-CA' }, [])).toBeNull();
  });

  it('maps the four opt-out states to CCPA, the EEA, UK and Switzerland to GDPR, other places to NONE', () => {
    const region = (value: string) => privacyRegion({ 'x-geo': value }, one).region;
    expect(['US-CA', 'US-VA', 'US-CT', 'US-CO'].map(region)).toEqual(['CCPA', 'CCPA', 'CCPA', 'CCPA']);
    expect(['US-TX', 'US', 'JP', 'BR'].map(region)).toEqual(['NONE', 'NONE', 'NONE', 'NONE']);
    expect(['DE', 'FR', 'GB', 'CH', 'NO'].map(region)).toEqual(['GDPR', 'GDPR', 'GDPR', 'GDPR', 'GDPR']);
    // A proxy that decides the region itself may send its name.
    expect(privacyRegion({ 'x-geo': 'ccpa' }, one)).toEqual({ region: 'CCPA', doNotSell: false, location: null });
    expect(privacyRegion({}, one)).toEqual({ region: 'UNKNOWN', doNotSell: false, location: null });
  });

  it('honours Global Privacy Control as do-not-sell, only in a CCPA region', () => {
    expect(privacyRegion({ 'x-geo': 'US-CA', 'sec-gpc': '1' }, one)).toEqual({ region: 'CCPA', doNotSell: true, location: 'US-CA' });
    expect(privacyRegion({ 'x-geo': 'DE', 'sec-gpc': '1' }, one).doNotSell).toBe(false);
  });
});

describeEachDatabase('GET /v1/privacy-region', (kind) => {
  let t: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { privacyRegionHeaders: ['cf-ipcountry', 'cf-region-code'] });
    plain = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
  });

  it('answers the region from the configured headers, cacheable for a day by this browser only', async () => {
    const reply = await t.app.inject({ url: PRIVACY_REGION_PATH, headers: { 'cf-ipcountry': 'US', 'cf-region-code': 'CA', 'sec-gpc': '1' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ meta: { status: 'Success' }, data: { region: 'CCPA', doNotSell: true, location: 'US-CA' } });
    expect(reply.headers['cache-control']).toBe('private, max-age=86400');
    expect(reply.headers.vary).toBe('cf-ipcountry, cf-region-code, sec-gpc');
    expect((await t.app.inject({ url: PRIVACY_REGION_PATH, headers: { 'cf-ipcountry': 'FR' } })).json().data.region).toBe('GDPR');
  });

  it('answers UNKNOWN when no header is configured, whatever the request says', async () => {
    const reply = await plain.app.inject({ url: PRIVACY_REGION_PATH, headers: { 'cf-ipcountry': 'US', 'cf-region-code': 'CA' } });
    expect(reply.json().data).toEqual({ region: 'UNKNOWN', doNotSell: false, location: null });
  });
});
