// Each forge's two URL roots for a changelog's relative links (SPEC 7.2): tag or commit, the web
// address as a CI writes it (trailing slashes, `.git`, credentials), and a ref with a `/`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bitbucketRoots,
  githubRoots,
  gitlabRoots,
  type LinkRoots,
  resolveLink,
} from '../../../src/core/changelog/link-base.js';
import { runs } from '../../support/property-runs.js';

const roots = (home: string, ref: string, blob: string, raw: string): LinkRoots => ({
  home,
  ref,
  blob,
  raw,
});

describe('githubRoots', () => {
  it.each<[string, [string, string, string], LinkRoots | undefined]>([
    [
      'a tag',
      ['https://github.com', 'o/r', 'v1.2.3'],
      roots(
        'https://github.com/o/r',
        'v1.2.3',
        'https://github.com/o/r/blob/v1.2.3',
        'https://github.com/o/r/raw/v1.2.3',
      ),
    ],
    [
      'a commit, on GitHub Enterprise with a trailing slash',
      ['https://ghe.example.com/', 'o/r', '9fceb02'],
      roots(
        'https://ghe.example.com/o/r',
        '9fceb02',
        'https://ghe.example.com/o/r/blob/9fceb02',
        'https://ghe.example.com/o/r/raw/9fceb02',
      ),
    ],
    [
      'a tag with a slash, one segment',
      ['https://github.com', 'o/r', 'release/1.2'],
      roots(
        'https://github.com/o/r',
        'release/1.2',
        'https://github.com/o/r/blob/release%2F1.2',
        'https://github.com/o/r/raw/release%2F1.2',
      ),
    ],
    [
      'a server with credentials, dropped',
      ['https://user:s3cr3t-t0ken@ghe.example.com', 'o/r', 'v1'],
      roots(
        'https://ghe.example.com/o/r',
        'v1',
        'https://ghe.example.com/o/r/blob/v1',
        'https://ghe.example.com/o/r/raw/v1',
      ),
    ],
    ['no ref', ['https://github.com', 'o/r', ''], undefined],
    ['no repository', ['https://github.com', '', 'v1'], undefined],
    ['a repository that is not owner/repo', ['https://github.com', 'o/r/x', 'v1'], undefined],
    ['a server that is not a web address', ['ghe.example.com', 'o/r', 'v1'], undefined],
  ])('%s', (_, [server, repository, ref], expected) => {
    expect(githubRoots(server, repository, ref)).toEqual(expected);
  });
});

describe('gitlabRoots', () => {
  const P = 'https://gitlab.example.com/group/sub/asset';
  it.each<[string, [string, string], LinkRoots | undefined]>([
    ['a tag', [P, 'v1.2.3'], roots(P, 'v1.2.3', `${P}/-/blob/v1.2.3`, `${P}/-/raw/v1.2.3`)],
    [
      'a commit',
      [P, '9fceb02d0ae5'],
      roots(P, '9fceb02d0ae5', `${P}/-/blob/9fceb02d0ae5`, `${P}/-/raw/9fceb02d0ae5`),
    ],
    ['trailing slashes', [`${P}//`, 'v1'], roots(P, 'v1', `${P}/-/blob/v1`, `${P}/-/raw/v1`)],
    [
      'a ref with a slash',
      [P, 'release/1.2'],
      roots(P, 'release/1.2', `${P}/-/blob/release%2F1.2`, `${P}/-/raw/release%2F1.2`),
    ],
    [
      'credentials, a query and a fragment, dropped',
      ['https://gitlab-ci-token:glcbt-64_abcdefgh@gitlab.example.com/group/sub/asset?x=1#y', 'v1'],
      roots(P, 'v1', `${P}/-/blob/v1`, `${P}/-/raw/v1`),
    ],
    ['no ref', [P, ''], undefined],
    ['no address', ['', 'v1'], undefined],
    ['not a web address', ['git@gitlab.example.com:group/asset.git', 'v1'], undefined],
    ['another scheme', ['ssh://gitlab.example.com/group/asset', 'v1'], undefined],
  ])('%s', (_, [url, ref], expected) => {
    expect(gitlabRoots(url, ref)).toEqual(expected);
  });
});

describe('bitbucketRoots', () => {
  const B = 'https://bitbucket.org/team/asset';
  it.each<[string, [string, string], LinkRoots | undefined]>([
    [
      "a tag, Bitbucket Cloud's http origin served over https",
      ['http://bitbucket.org/team/asset', 'v2.0.0'],
      roots(B, 'v2.0.0', `${B}/src/v2.0.0`, `${B}/raw/v2.0.0`),
    ],
    ['a commit', [B, 'cafe1234'], roots(B, 'cafe1234', `${B}/src/cafe1234`, `${B}/raw/cafe1234`)],
    [
      'a clone URL ending in .git',
      [`${B}.git`, 'v1'],
      roots(B, 'v1', `${B}/src/v1`, `${B}/raw/v1`),
    ],
    [
      '.git and a trailing slash',
      [`${B}.git/`, 'v1'],
      roots(B, 'v1', `${B}/src/v1`, `${B}/raw/v1`),
    ],
    [
      'credentials, dropped',
      ['https://x-token-auth:ATCTT3xFfGN0abcdefgh@bitbucket.org/team/asset.git', 'v1'],
      roots(B, 'v1', `${B}/src/v1`, `${B}/raw/v1`),
    ],
    [
      'a ref with a slash',
      [B, 'release/1.2'],
      roots(B, 'release/1.2', `${B}/src/release%2F1.2`, `${B}/raw/release%2F1.2`),
    ],
    [
      'a self-hosted server keeps its scheme',
      ['http://git.example.com/team/asset', 'v1'],
      roots(
        'http://git.example.com/team/asset',
        'v1',
        'http://git.example.com/team/asset/src/v1',
        'http://git.example.com/team/asset/raw/v1',
      ),
    ],
    ['no ref', [B, ''], undefined],
    ['no origin', ['', 'v1'], undefined],
  ])('%s', (_, [origin, ref], expected) => {
    expect(bitbucketRoots(origin, ref)).toEqual(expected);
  });
});

describe('resolveLink on each forge, from a file in a folder', () => {
  const at = (found: LinkRoots | undefined) => {
    if (found === undefined) throw new Error('no roots');
    return { ...found, path: 'packages/ui/CHANGELOG.md' };
  };
  const gitlab = at(gitlabRoots('https://gitlab.example.com/g/asset', 'v1'));
  const bitbucket = at(bitbucketRoots('http://bitbucket.org/team/asset', 'release/1.2'));
  it.each<[string, ReturnType<typeof at>, string, boolean, string]>([
    [
      'GitLab link',
      gitlab,
      'docs/a.md',
      false,
      'https://gitlab.example.com/g/asset/-/blob/v1/packages/ui/docs/a.md',
    ],
    [
      'GitLab image',
      gitlab,
      './shot.png',
      true,
      'https://gitlab.example.com/g/asset/-/raw/v1/packages/ui/shot.png',
    ],
    [
      'GitLab root path',
      gitlab,
      '/README.md',
      false,
      'https://gitlab.example.com/g/asset/-/blob/v1/README.md',
    ],
    [
      'Bitbucket link up a folder, the ref one segment',
      bitbucket,
      '../README.md',
      false,
      'https://bitbucket.org/team/asset/src/release%2F1.2/packages/README.md',
    ],
    [
      'Bitbucket image',
      bitbucket,
      'img/a b.png',
      true,
      'https://bitbucket.org/team/asset/raw/release%2F1.2/packages/ui/img/a%20b.png',
    ],
  ])('%s', (_, base, destination, image, expected) => {
    expect(resolveLink(destination, base, image)).toBe(expected);
  });
});

describe('the roots: no credentials ever', () => {
  it('drops any user and password from any http(s) address', () => {
    const part = fc.string({ minLength: 1, maxLength: 20 }).filter((text) => /[^\s]/.test(text));
    fc.assert(
      fc.property(part, part, fc.constantFrom('http', 'https'), (user, password, scheme) => {
        const secret = `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
        const address = gitlabRoots(`${scheme}://${secret}@host.example/team/asset`, 'v1')?.home;
        expect(address).toBe(`${scheme}://host.example/team/asset`);
        for (const root of [
          gitlabRoots(`${scheme}://${secret}@host.example/g/a`, 'v1'),
          bitbucketRoots(`${scheme}://${secret}@host.example/t/a.git`, 'v1'),
          githubRoots(`${scheme}://${secret}@host.example`, 'o/r', 'v1'),
        ]) {
          expect(root).toBeDefined();
          expect(Object.values(root ?? {}).join(' ')).not.toContain('@');
        }
      }),
      { numRuns: runs(200) },
    );
  });
});
