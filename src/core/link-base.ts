// Where a changelog's relative links point on the repository's web pages (SPEC 7.2): GitHub's
// renderer resolves them against the file's own page, `blob` for links and `raw` for images.

/** The file's place in the repository's web pages. */
export interface LinkBase {
  /** e.g. `https://github.com`, no trailing slash. */
  readonly serverUrl: string;
  /** `owner/repo`. */
  readonly repository: string;
  /** The release's tag when there is one, else the commit SHA. */
  readonly ref: string;
  /** The file's path from the repository root, `/`-separated, e.g. `packages/ui/CHANGELOG.md`. */
  readonly path: string;
}

const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** Absolute (`https:`, `mailto:`, `//host`) or empty destinations stay as written. */
export function isRelative(destination: string): boolean {
  return destination !== '' && !SCHEME.test(destination) && !destination.startsWith('//');
}

const segments = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** A relative destination made absolute, as GitHub resolves it from the file's page. */
export function resolveLink(destination: string, base: LinkBase, image: boolean): string {
  const root = `${base.serverUrl}/${base.repository}/${image ? 'raw' : 'blob'}/${encodeURIComponent(base.ref)}`;
  // A path from the repository root (`/docs/x.md`) stays in the repository, as on GitHub.
  const page = destination.startsWith('/') ? `${root}/` : `${root}/${segments(base.path)}`;
  return new URL(destination.startsWith('/') ? `.${destination}` : destination, page).href;
}
