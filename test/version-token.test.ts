import { describe, expect, it } from 'vitest';
import {
  isReleaseShaped,
  matchesVersion,
  releaseOf,
  versionTokens,
  wantedVersions,
} from '../src/core/version-token.js';

describe('versionTokens: the longest run, compared whole (SPEC 7.2)', () => {
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
    ['1.2.3 (2026-11-01)', ['1.2.3']],
    ['2024-08-09 - Version 2.0.0', ['2.0.0']],
    ['Version 2.4.2 - 23 Sep 2022', ['2.4.2']],
    ['1.2.3 / 2026-11-01', ['1.2.3']],
    ['@scope/pkg@1.2.3', ['1.2.3']],
    ['1.2.3, 1.2.4', ['1.2.3', '1.2.4']],
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
    ['Unreleased', []],
  ])('%j holds %j', (text, tokens) => {
    expect(versionTokens(text)).toEqual(tokens);
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
  ])('%j: %j', (text, version) => {
    expect(releaseOf(text)?.version).toBe(version);
  });
});

describe('wantedVersions and matchesVersion: with and without the prefix and a leading v', () => {
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
  ])('version %j, prefix %j, heading version %j: %s', (version, prefix, heading, expected) => {
    expect(matchesVersion(heading, wantedVersions(version, prefix))).toBe(expected);
  });
});

describe('isReleaseShaped: a deeper heading ends a section only when it reads as a release title', () => {
  it.each([
    ['1.2.3 (2026-11-01)', true],
    ['v1.2.3', true],
    ['Version 1.2.3 - 23 Sep 2022', true],
    ['Release 1.2.3', true],
    ['2024-08-09 - Version 2.0.0', true],
    ['@scope/pkg@1.2.3', true],
    ['Unreleased', true],
    ['Support TypeScript 5.2 using declarations', false],
    ['Bump lodash to 4.17.21', false],
    ['Breaking changes in 2.0', false],
  ])('%j: %s', (text, expected) => {
    expect(isReleaseShaped(text)).toBe(expected);
  });
});
