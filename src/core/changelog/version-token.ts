// `v1.2.3`, `1.2.3-rc.1+build.5`, `0.13.0.dev2`, `1.0.0rc4`: the longest run, compared whole.
// ASCII classes: a Unicode class costs about a millisecond to compile at every start.
const TOKEN = /(?<![A-Za-z0-9._-])[vV]?\d+\.\d[A-Za-z0-9]*(?:[.+-][A-Za-z0-9]+)*/;

export function withoutV(token: string): string {
  return /^[vV]\d/.test(token) ? token.slice(1) : token;
}

export function isUnreleased(text: string): boolean {
  return text.trim().toLowerCase() === 'unreleased';
}

export function releaseOf(text: string): string | undefined {
  return TOKEN.exec(text)?.[0] ?? (isUnreleased(text) ? text.trim() : undefined);
}

/** The version to send, and without the tag prefix (`@scope/pkg@1.2.3` less `@scope/pkg@`), `v` dropped. */
export function wantedVersions(version: string, prefix: string): string[] {
  const short = version.startsWith(prefix) ? version.slice(prefix.length) : '';
  return [...new Set([withoutV(version), withoutV(short || version)])];
}

const LEADING_DATE = /^\d{4}-\d{2}-\d{2}\s*[-–—:/|]?\s*/;
const SHAPED = /^(?:\S*@)?(?:(?:version|release)\s+)?[vV]?\d+\.\d/i;

// A deeper heading that only mentions a version (`#### Support TypeScript 5.2`) is in the notes.
export function isReleaseShaped(text: string): boolean {
  return isUnreleased(text) || SHAPED.test(text.trim().replace(LEADING_DATE, ''));
}
