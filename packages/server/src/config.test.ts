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
});
