import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'guffaw-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 's', ...env });

  it('reads the support chat script from SUPPORT_CHAT_URL, none when unset, and refuses anything but http(s)', () => {
    expect(load({}).supportChatUrl).toBeNull();
    expect(load({ SUPPORT_CHAT_URL: ' https://chat.example.com/launcher.js ' }).supportChatUrl).toBe('https://chat.example.com/launcher.js');
    expect(() => load({ SUPPORT_CHAT_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
    expect(() => load({ SUPPORT_CHAT_URL: 'not a url' })).toThrow(/SUPPORT_CHAT_URL must be an http/);
  });

  it('reads the privacy region service and headers: the server\'s own endpoint and no header by default', () => {
    expect(load({})).toMatchObject({ privacyServiceUrl: null, privacyRegionHeaders: [] });
    expect(load({ PRIVACY_SERVICE_URL: 'https://geo.example.com/region/', PRIVACY_REGION_HEADER: 'CF-IPCountry, cf-region-code' })).toMatchObject({
      privacyServiceUrl: 'https://geo.example.com/region',
      privacyRegionHeaders: ['cf-ipcountry', 'cf-region-code'],
    });
    expect(() => load({ PRIVACY_SERVICE_URL: 'ftp://geo.example.com' })).toThrow(/PRIVACY_SERVICE_URL must be an http/);
    expect(() => load({ PRIVACY_REGION_HEADER: 'a,b,c' })).toThrow(/PRIVACY_REGION_HEADER/);
    expect(() => load({ PRIVACY_REGION_HEADER: 'bad header' })).toThrow(ConfigError);
  });

  it('trusts no proxy header unless TRUST_PROXY names a hop count or the proxies, and refuses anything else', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: ' ' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(load({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1, fd00::/8, loopback' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['true', 'yes', '*', '-1', '1.5', '101', '10.0.0.1/33', '10.0.0.256', '10.0.0.1,', 'fd00::/129', 'example.com', '10.0.0.0/8/1']) {
      expect(() => load({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be a hop count or a comma-separated list/);
  });

  it('turns the referral promotion on with a partner URL, off without one, and refuses a flag without a partner', () => {
    expect(load({})).toMatchObject({ referralFeature: 0, referralPartner: null });
    expect(load({ REFERRAL_PARTNER_URL: 'https://partner.example/join' })).toMatchObject({
      referralFeature: 2,
      referralPartner: { name: 'Moonit', url: 'https://partner.example/join', devUrl: 'https://partner.example/join' },
    });
    const custom = load({
      REFERRAL_FEATURE: '1',
      REFERRAL_PARTNER_NAME: 'Acme',
      REFERRAL_PARTNER_URL: 'https://acme.example/join',
      REFERRAL_PARTNER_DEV_URL: 'https://dev.acme.example/join',
    });
    expect(custom).toMatchObject({ referralFeature: 1, referralPartner: { name: 'Acme', devUrl: 'https://dev.acme.example/join' } });
    expect(load({ REFERRAL_FEATURE: '0', REFERRAL_PARTNER_URL: 'https://partner.example/join' }).referralFeature).toBe(0);
    expect(() => load({ REFERRAL_FEATURE: '2' })).toThrow(/REFERRAL_FEATURE needs REFERRAL_PARTNER_URL/);
    expect(() => load({ REFERRAL_FEATURE: 'yes', REFERRAL_PARTNER_URL: 'https://partner.example/join' })).toThrow(/0, 1 or 2/);
  });
});
