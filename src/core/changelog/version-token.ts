// Version tokens in a heading's text: `v1.2.3`, `1.2.3-rc.1+build.5`, `0.13.0.dev2`.
// A token is the longest such run and is compared whole, so `1.2.3` is not in `1.2.30` or `1.2.3.1`.

/**
 * Not after a letter, digit, `.`, `-` or `_`; `v`, digits, `.` and a digit, then letters and
 * digits, then parts after `.`, `+` or `-` (further `.digits` among them).
 * Letters right after the digits belong to it (PEP 440's `1.0.0rc4`, `1.0b2`): it is not `1.0.0`.
 * ASCII letters and digits, as versions write them (a Unicode class costs about a millisecond to compile at every start).
 */
const TOKEN = /(?<![A-Za-z0-9._-])[vV]?\d+\.\d[A-Za-z0-9]*(?:[.+-][A-Za-z0-9]+)*/g;

export function versionTokens(text: string): string[] {
  return [...text.matchAll(TOKEN)].map((match) => match[0]);
}

export function withoutV(token: string): string {
  return /^[vV]\d/.test(token) ? token.slice(1) : token;
}

/** A heading's text `Unreleased`, in any case, marks the release not yet made. */
export function isUnreleased(text: string): boolean {
  return text.trim().toLowerCase() === 'unreleased';
}

/**
 * The version a heading names: its first version token; `Unreleased` for that heading; undefined
 * when it is not a release heading.
 */
export function releaseOf(text: string): { readonly version: string } | undefined {
  const [first] = versionTokens(text);
  if (first !== undefined) return { version: first };
  return isUnreleased(text) ? { version: text.trim() } : undefined;
}

/**
 * What the version to send may be written as in a heading, `v` dropped: the version, and the
 * version without the tag prefix (`@scope/pkg@1.2.3` with prefix `@scope/pkg@` is `1.2.3`).
 */
export function wantedVersions(version: string, prefix: string): string[] {
  const names = new Set([withoutV(version)]);
  // An empty prefix gives the version again, which the set keeps once.
  if (version.startsWith(prefix) && version.length > prefix.length) {
    names.add(withoutV(version.slice(prefix.length)));
  }
  return [...names];
}

/** A date, then a separator, that may open a release heading: `2024-08-09 - Version 2.0.0`. */
const LEADING_DATE = /^\d{4}-\d{2}-\d{2}\s*[-–—:/|]?\s*/;
const SHAPED = /^(?:\S*@)?(?:(?:version|release)\s+)?[vV]?\d+\.\d/i;

/**
 * The text reads as a release's title: it opens with the version (after a date, `Version`,
 * `Release` or a package's `name@`). A heading deeper than the section's that only mentions a
 * version (`#### Support TypeScript 5.2`) is part of the notes, not the next release.
 */
export function isReleaseShaped(text: string): boolean {
  return isUnreleased(text) || SHAPED.test(text.trim().replace(LEADING_DATE, ''));
}
