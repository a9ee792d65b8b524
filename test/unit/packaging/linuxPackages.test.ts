import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Linux packages electron-builder.yml asks for, against the installed electron-builder's own
 * defaults: a `depends` list replaces them whole, so it must repeat them (issue 29: `[git]` alone
 * left out libnss3, libgtk-3-0, libsecret-1-0, xdg-utils, ...).
 */
const root = resolve(import.meta.dirname, '../../..');
const cjs = createRequire(import.meta.url);
const yaml = cjs('js-yaml') as { load(text: string): unknown };
const { default: FpmTarget } = cjs('app-builder-lib/out/targets/FpmTarget') as { default: { prototype: { getDefaultDepends(target: string): string[] } } };

interface LinuxConfig {
  linux?: { executableArgs?: string[] };
  appImage?: { executableArgs?: string[] };
  deb?: { depends?: string[]; afterInstall?: string; appArmorProfile?: string; executableArgs?: string[] };
}
const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as LinuxConfig;

describe('Linux packages (electron-builder.yml)', () => {
  it("the deb depends on electron-builder's default libraries plus git", () => {
    const defaults = FpmTarget.prototype.getDefaultDepends('deb');
    expect(defaults).toContain('libnss3'); // the defaults were really read
    expect(config.deb?.depends).toEqual([...defaults, 'git']);
  });

  it("the deb keeps electron-builder's install script: the AppArmor profile Ubuntu 24.04+ needs, the sandbox helper's mode", () => {
    expect(config.deb?.afterInstall).toBeUndefined();
    expect(config.deb?.appArmorProfile).toBeUndefined();
  });

  it("no Linux package turns Chromium's sandbox off to get past the SUID sandbox error", () => {
    for (const args of [config.linux?.executableArgs, config.appImage?.executableArgs, config.deb?.executableArgs]) {
      expect(args ?? []).not.toContain('--no-sandbox');
    }
  });
});

describe('the Linux desktop entry (badge and window grouping)', () => {
  const { LinuxTargetHelper } = cjs('app-builder-lib/out/targets/LinuxTargetHelper') as {
    LinuxTargetHelper: new (packager: unknown) => { getDesktopFileName(): string };
  };
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { desktopName?: string };
  const builder = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as { appId: string; linux?: object };

  it("package.json's desktopName is the app's reverse-DNS id, which Electron takes as its app id", () => {
    expect(pkg.desktopName).toBe(`${builder.appId}.desktop`);
  });

  it('the .desktop file electron-builder installs has that name (app.setBadgeCount on Linux needs the match)', () => {
    // electron-builder's own naming, given this config and package.json (deb and AppImage alike).
    const helper = new LinuxTargetHelper({ platformSpecificBuildOptions: builder.linux ?? {}, info: { metadata: pkg }, executableName: 'swarmdesk', config: builder });
    expect(`${helper.getDesktopFileName()}.desktop`).toBe(pkg.desktopName);
  });
});
