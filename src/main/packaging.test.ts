import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLAVORS } from './flavor';

// electron-builder's own loader and schema (app-builder-lib, installed with electron-builder): the test checks the
// files exactly as `electron-builder --config build/flavors/{flavor}.yml` would read them.
const require = createRequire(import.meta.url);
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<BuilderConfig>;
  validateConfiguration(config: BuilderConfig, debugLogger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

type Target = string | { target: string; arch?: string[] };
interface BuilderConfig {
  appId?: string;
  productName?: string;
  icon?: string;
  directories?: { output?: string; buildResources?: string };
  extraMetadata?: { name?: string; productName?: string };
  publish?: { provider: string; url: string }[];
  files?: unknown;
  electronFuses?: Record<string, boolean>;
  win?: { target: Target[] };
  mac?: { target: Target[] };
  linux?: { target: Target[] };
}

const ROOT = resolve(import.meta.dirname, '../..');
const targetsOf = (targets: Target[] | undefined) => (targets ?? []).map((t) => (typeof t === 'string' ? t : t.target));
const README = readFileSync(resolve(import.meta.dirname, 'README.md'), 'utf8');

describe.each(Object.values(FLAVORS))('electron-builder config of the $flavor app', (profile) => {
  it('is valid for electron-builder and names the flavor’s app id, product name, icon and output', async () => {
    const config = await getConfig(ROOT, `build/flavors/${profile.flavor}.yml`, null);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    expect(config.appId).toBe(profile.appId);
    expect(config.productName).toBe(profile.productName);
    expect(config.extraMetadata?.productName).toBe(profile.productName);
    expect(config.icon).toBe(profile.icon);
    expect(readFileSync(resolve(ROOT, profile.icon)).subarray(1, 4).toString()).toBe('PNG');
    expect(config.directories).toMatchObject({ output: `release/${profile.flavor}`, buildResources: 'build' });
    expect(config.electronFuses).toMatchObject({ runAsNode: false, enableNodeOptionsEnvironmentVariable: false, onlyLoadAppFromAsar: true });
    expect(config.publish).toEqual([{ provider: 'generic', url: `\${env.PORTAL_SERVER_URL}/updates/${profile.updateChannel}` }]);
  });

  it('builds Windows nsis, macOS dmg and Linux AppImage and deb', async () => {
    const config = await getConfig(ROOT, `build/flavors/${profile.flavor}.yml`, null);
    expect(targetsOf(config.win?.target)).toEqual(['nsis']);
    expect(targetsOf(config.mac?.target)).toContain('dmg');
    expect(targetsOf(config.linux?.target)).toEqual(['AppImage', 'deb']);
  });

  it('is the row the README’s flavor table shows', () => {
    const row = `| ${profile.flavor} | ${profile.productName} | \`${profile.appId}\` | \`${profile.icon}\` | \`/updates/${profile.updateChannel}/\` | ${profile.vaultService} |`;
    expect(README).toContain(row);
  });
});

describe('electron-builder config validation', () => {
  it('rejects what electron-builder would reject', async () => {
    await expect(validateConfiguration({ appId: 'x', win: { target: [{ target: 'nsis', arch: ['sparc'] }] } } as BuilderConfig, new DebugLogger(false))).rejects.toThrow();
  });
});
