// Where a changelog's relative links point on the repository's web pages. They resolve
// as GitHub's renderer resolves them, against the file's own page: a forge only decides the two
// URL roots at the ref, one for links (`blob`) and one for images (`raw`).

export interface LinkRoots {
  /** The repository's web address, for the log, e.g. `https://github.com/o/r`. */
  readonly home: string;
  readonly ref: string;
  /** The prefix of a file's page at the ref, e.g. `https://github.com/o/r/blob/v1.2.3`. */
  readonly blob: string;
  /** The prefix of a file's raw content at the ref (images). */
  readonly raw: string;
}

export interface LinkBase extends LinkRoots {
  /** The file's path from the repository root, `/`-separated, e.g. `packages/ui/CHANGELOG.md`. */
  readonly path: string;
}

/**
 * A web address with no credentials, query or fragment and no trailing `/`; undefined unless it
 * is an http(s) URL. CI variables may hold a clone URL with a token in it: no link may carry one.
 */
export function webAddress(url: string): string | undefined {
  if (!URL.canParse(url.trim())) return undefined;
  const parsed = new URL(url.trim());
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

function roots(home: string | undefined, ref: string, blob: string, raw: string) {
  if (home === undefined || ref === '') return undefined;
  // The ref as one path segment: a tag such as `release/1.2` must not add a folder.
  const segment = encodeURIComponent(ref);
  return { home, ref, blob: `${home}${blob}/${segment}`, raw: `${home}${raw}/${segment}` };
}

/** GitHub: `{server}/{owner}/{repo}/blob/{ref}`, images under `raw`. */
export function githubRoots(
  server: string,
  repository: string,
  ref: string,
): LinkRoots | undefined {
  const site = webAddress(server);
  if (site === undefined || !/^[^/\s]+\/[^/\s]+$/.test(repository)) return undefined;
  return roots(`${site}/${repository}`, ref, '/blob', '/raw');
}

/** GitLab: `{CI_PROJECT_URL}/-/blob/{ref}`, images under `/-/raw`. */
export function gitlabRoots(projectUrl: string, ref: string): LinkRoots | undefined {
  return roots(webAddress(projectUrl), ref, '/-/blob', '/-/raw');
}

/** Bitbucket: `{origin}/src/{ref}`, images under `raw`; the origin may be a clone URL. */
export function bitbucketRoots(origin: string, ref: string): LinkRoots | undefined {
  const address = webAddress(origin)?.replace(/\.git$/, '');
  // Bitbucket Cloud names its origin `http://bitbucket.org/…` but serves its pages over https.
  const home = address?.replace(/^http:\/\/bitbucket\.org\//, 'https://bitbucket.org/');
  return roots(home, ref, '/src', '/raw');
}

const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** Absolute (`https:`, `mailto:`, `//host`) or empty destinations stay as written. */
export function isRelative(destination: string): boolean {
  return destination !== '' && !SCHEME.test(destination) && !destination.startsWith('//');
}

const segments = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** A relative destination made absolute, as GitHub resolves it from the file's page. */
export function resolveLink(destination: string, base: LinkBase, image: boolean): string {
  const root = image ? base.raw : base.blob;
  // A path from the repository root (`/docs/x.md`) stays in the repository, as on GitHub.
  const page = destination.startsWith('/') ? `${root}/` : `${root}/${segments(base.path)}`;
  return new URL(destination.startsWith('/') ? `.${destination}` : destination, page).href;
}
