import { describe, expect, it, vi } from 'vitest';

// The patterns are module constants, read once when the module loads. Each test loads it afresh,
// so a mutation run, which runs only the tests that evaluated a mutant, runs these against it.
async function load() {
  vi.resetModules();
  return import('../../../src/core/changelog/version-token.js');
}

describe('releaseOf: the first version token, the longest run, compared whole (SPEC 7.2)', () => {
  it.each([
    ['1.2.3', ['1.2.3']],
    ['1.2.30', ['1.2.30']],
    ['1.2.3-rc.1', ['1.2.3-rc.1']],
    ['1.2.3.1', ['1.2.3.1']],
    ['0.13.0.dev2', ['0.13.0.dev2']],
    ['1.2.3+build.5', ['1.2.3+build.5']],
    ['2.0.0-beta.1+exp.sha.5114f85', ['2.0.0-beta.1+exp.sha.5114f85']],
    ['v1.2.3', ['v1.2.3']],
    ['V1.2.3', ['V1.2.3']],
    ['1.2', ['1.2']],
    ['10.2.3', ['10.2.3']],
    ['see (1.2.3)', ['1.2.3']],
    ['1.2.3-rc', ['1.2.3-rc']],
    ['1.2.3 (2026-11-01)', ['1.2.3']],
    ['2024-08-09 - Version 2.0.0', ['2.0.0']],
    ['Version 2.4.2 - 23 Sep 2022', ['2.4.2']],
    ['1.2.3 / 2026-11-01', ['1.2.3']],
    ['@scope/pkg@1.2.3', ['1.2.3']],
    ['1.2.3, 1.2.4', ['1.2.3']],
    ['end of 1.2.3.', ['1.2.3']],
    ['1.2.3-', ['1.2.3']],
    ['12', []],
    ['x1.2.3', []],
    ['release-1.2.3', []],
    ['a_1.2.3', []],
    ['.1.2.3', []],
    ['1.0.0rc4', ['1.0.0rc4']],
    ['1.0b2', ['1.0b2']],
    ['vv1.2.3', []],
  ])('%j holds %j', async (text, tokens) => {
    const { releaseOf } = await load();
    expect(releaseOf(text)).toBe(tokens[0]);
  });
});

describe('releaseOf: a release heading and its version', () => {
  it.each([
    ['1.2.3 - 2026-11-01', '1.2.3'],
    ['v1.2.3 (2026-11-01)', 'v1.2.3'],
    ['Version 1.2.3 - 23 Sep 2022', '1.2.3'],
    ['2026-11-01 - Version 1.2.3', '1.2.3'],
    ['1.2.3 / 2026-11-01', '1.2.3'],
    ['Unreleased', 'Unreleased'],
    ['UNRELEASED', 'UNRELEASED'],
    [' unreleased ', 'unreleased'],
    ['Bug Fixes', undefined],
    ['Unreleased changes', undefined],
    ['New Contributors', undefined],
    ['2026-11-01', undefined],
  ])('%j: %j', async (text, version) => {
    const { releaseOf } = await load();
    expect(releaseOf(text)).toBe(version);
  });
});

describe('wantedVersions and the section found: with and without the prefix and a leading v', () => {
  it.each([
    ['1.2.3', '', 'v1.2.3', true],
    ['1.2.3', '', '1.2.3', true],
    ['v1.2.3', '', '1.2.3', true],
    ['1.2.3', 'v', 'V1.2.3', true],
    ['1.2.3', '', '1.2.30', false],
    ['1.2.3', '', '1.2.3-rc.1', false],
    ['1.2.3-rc.1', '', '1.2.3-rc.1', true],
    ['1.2.3', '', '1.2.3.1', false],
    ['0.13.0', '', '0.13.0.dev2', false],
    ['@scope/pkg@1.2.3', '@scope/pkg@', '1.2.3', true],
    ['release-1.2.3', 'release-', 'v1.2.3', true],
    ['1.2.3', 'release-', '1.2.3', true],
    ['1.2.3', '', 'Unreleased', false],
  ])(
    'version %j, prefix %j, heading version %j: %s',
    async (version, prefix, heading, expected) => {
      const { wantedVersions } = await load();
      const { findSection } = await import('../../../src/core/changelog/section.js');
      const lines = [`## ${heading}`, 'notes'].values();
      expect(findSection(lines, wantedVersions(version, prefix)).kind).toBe(
        expected ? 'found' : 'missing',
      );
    },
  );
});

describe('wantedVersions: the names, each once, the prefix dropped only where it leads a longer version', () => {
  it.each([
    ['1.2.3', '', ['1.2.3']],
    ['v1.2.3', '', ['1.2.3']],
    ['1.0-v2', '', ['1.0-v2']],
    ['1.2.3', 'x', ['1.2.3']],
    ['1.2.3', 'release-', ['1.2.3']],
    ['release-', 'release-', ['release-']],
    ['release-v1.2.3', 'release-', ['release-v1.2.3', '1.2.3']],
    ['@scope/pkg@1.2.3', '@scope/pkg@', ['@scope/pkg@1.2.3', '1.2.3']],
  ])('version %j, prefix %j: %j', async (version, prefix, names) => {
    const { wantedVersions } = await load();
    expect(wantedVersions(version, prefix)).toEqual(names);
  });
});

describe('isReleaseShaped: a deeper heading ends a section only when it reads as a release title', () => {
  it.each([
    ['1.2.3 (2026-11-01)', true],
    ['v1.2.3', true],
    ['Version 1.2.3 - 23 Sep 2022', true],
    ['Release 1.2.3', true],
    ['2024-08-09 - Version 2.0.0', true],
    ['2024-08-09: 2.0.0', true],
    ['2024-08-09:2.0.0', true],
    ['2024-08-09 2.0.0', true],
    ['2024-08-09 —  2.0.0', true],
    [' v1.2.3 ', true],
    ['10.0.0', true],
    ['Version  1.2.3', true],
    ['2024-08-09 notes for 2.0.0', false],
    ['2024-08-09', false],
    ['@scope/pkg@1.2.3', true],
    ['Unreleased', true],
    ['Support TypeScript 5.2 using declarations', false],
    ['Bump lodash to 4.17.21', false],
    ['Breaking changes in 2.0', false],
  ])('%j: %s', async (text, expected) => {
    const { isReleaseShaped } = await load();
    expect(isReleaseShaped(text)).toBe(expected);
  });
});
