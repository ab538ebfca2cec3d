// Relative links resolved as GitHub's renderer resolves them, against the file's page at the ref.

/** `blob`: a file's page at the ref, e.g. `https://github.com/o/r/blob/v1.2.3`; `raw` for images. */
export type LinkRoots = Readonly<NonNullable<ReturnType<typeof roots>>>;

/** `path`: the file's, from the repository root, `/`-separated. */
export type LinkBase = LinkRoots & { readonly path: string };

/** An http(s) URL without credentials, query, fragment or trailing `/`: a CI's clone URL may hold a token. */
function webAddress(url: string): string | undefined {
  const parsed = URL.parse(url.trim());
  if (parsed?.protocol !== 'https:' && parsed?.protocol !== 'http:') return undefined;
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

function roots(home: string | undefined, ref: string, blob: string, raw: string) {
  if (home === undefined || ref === '') return undefined;
  // One path segment: a tag such as `release/1.2` must not add a folder.
  const segment = encodeURIComponent(ref);
  return { home, ref, blob: `${home}${blob}/${segment}`, raw: `${home}${raw}/${segment}` };
}

export function githubRoots(server: string, repository: string, ref: string) {
  const site = webAddress(server);
  if (site === undefined || !/^[^/\s]+\/[^/\s]+$/.test(repository)) return undefined;
  return roots(`${site}/${repository}`, ref, '/blob', '/raw');
}

export function gitlabRoots(projectUrl: string, ref: string) {
  return roots(webAddress(projectUrl), ref, '/-/blob', '/-/raw');
}

export function bitbucketRoots(origin: string, ref: string) {
  const address = webAddress(origin)?.replace(/\.git$/, '');
  // Bitbucket Cloud names its origin `http://bitbucket.org/…` but serves its pages over https.
  const home = address?.replace(/^http:\/\/bitbucket\.org\//, 'https://bitbucket.org/');
  return roots(home, ref, '/src', '/raw');
}

export function resolveLink(destination: string, base: LinkBase, image: boolean): string {
  const root = image ? base.raw : base.blob;
  const path = base.path.split('/').map(encodeURIComponent).join('/');
  // A path from the repository root (`/docs/x.md`) stays in the repository, as on GitHub.
  const page = destination.startsWith('/') ? `${root}/` : `${root}/${path}`;
  return new URL(destination.startsWith('/') ? `.${destination}` : destination, page).href;
}
