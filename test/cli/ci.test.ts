// What the command reads from the CI (SPEC 9.1's table), where its paths lead, and its key sources.

import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ciLinks, ciOrigin, ciTag, NO_CI_LINKS, tagVariables } from '../../src/cli/ci.js';
import { nodeKeyReaders, readKey } from '../../src/cli/key.js';
import { tagOfRef } from '../../src/core/release/resolve.js';

const MAX_KEY_BYTES = 16 * 1024;

describe('ciTag', () => {
  it.each<[string, Record<string, string>, string]>([
    ['GitLab', { CI_COMMIT_TAG: 'v1.2.3' }, 'v1.2.3'],
    ['GitHub Actions', { GITHUB_REF: 'refs/tags/v1.2.3' }, 'v1.2.3'],
    ['GitHub Actions, a tag with slashes', { GITHUB_REF: 'refs/tags/rel/1.2' }, 'rel/1.2'],
    ['Bitbucket', { BITBUCKET_TAG: 'v2.0.0' }, 'v2.0.0'],
    ['CircleCI', { CIRCLE_TAG: '3.0.0' }, '3.0.0'],
    ['Azure Pipelines', { BUILD_SOURCEBRANCH: 'refs/tags/v4.0.0' }, 'v4.0.0'],
    ['Jenkins', { TAG_NAME: 'v5' }, 'v5'],
    ['Travis CI', { TRAVIS_TAG: 'v6.0.0' }, 'v6.0.0'],
    ['Buildkite', { BUILDKITE_TAG: 'v7.0.0' }, 'v7.0.0'],
    ['Drone', { DRONE_TAG: 'v8.0.0' }, 'v8.0.0'],
    ['Woodpecker', { CI_COMMIT_TAG: 'v9.0.0', CI: 'woodpecker' }, 'v9.0.0'],
    [
      'the first of the table when several are set',
      { TAG_NAME: 'jenkins', BITBUCKET_TAG: 'bitbucket', GITHUB_REF: 'refs/tags/github' },
      'github',
    ],
    [
      'a branch ref, which is skipped for the next variable',
      { GITHUB_REF: 'refs/heads/main', CIRCLE_TAG: 'v1.0.0' },
      'v1.0.0',
    ],
  ])('reads %s', (_, env, tag) => {
    expect(ciTag(env)).toBe(tag);
  });

  it.each<[string, Record<string, string>]>([
    ['no variable', {}],
    ['a branch build on GitHub', { GITHUB_REF: 'refs/heads/main' }],
    ['a branch build on Azure', { BUILD_SOURCEBRANCH: 'refs/heads/main' }],
    ['a pull request ref', { GITHUB_REF: 'refs/pull/1/merge' }],
    ['empty and blank values', { CI_COMMIT_TAG: '', BITBUCKET_TAG: '  ' }],
    ['a bare refs/tags/', { GITHUB_REF: 'refs/tags/' }],
  ])('finds no tag with %s', (_, env) => {
    expect(ciTag(env)).toBe('');
  });

  it('names every variable it reads, in order, for the error', () => {
    expect(tagVariables()).toBe(
      'CI_COMMIT_TAG (GitLab CI/CD, Woodpecker), GITHUB_REF (GitHub Actions, refs/tags/… only), ' +
        'BITBUCKET_TAG (Bitbucket Pipelines), CIRCLE_TAG (CircleCI), ' +
        'BUILD_SOURCEBRANCH (Azure Pipelines, refs/tags/… only), TAG_NAME (Jenkins), ' +
        'TRAVIS_TAG (Travis CI), BUILDKITE_TAG (Buildkite), DRONE_TAG (Drone)',
    );
  });
});

describe('tagOfRef (the core: the action and the command read refs alike)', () => {
  it.each<[string, string]>([
    ['refs/tags/v1.2.3', 'v1.2.3'],
    ['refs/tags/release/1.2', 'release/1.2'],
    ['refs/tags/', ''],
    ['refs/heads/main', ''],
    ['refs/pull/1/merge', ''],
    ['v1.2.3', ''],
    ['', ''],
  ])('%j holds the tag %j', (ref, tag) => {
    expect(tagOfRef(ref)).toBe(tag);
  });
});

describe('ciOrigin', () => {
  it.each<
    [
      string,
      Record<string, string>,
      {
        repository: string;
        sha: string;
        runUrl: string;
      },
    ]
  >([
    [
      'GitLab',
      {
        CI_PROJECT_PATH: 'group/asset',
        CI_COMMIT_SHA: 'abcdef0123456789',
        CI_JOB_URL: 'https://gitlab.example/group/asset/-/jobs/7',
      },
      {
        repository: 'group/asset',
        sha: 'abcdef0123456789',
        runUrl: 'https://gitlab.example/group/asset/-/jobs/7',
      },
    ],
    [
      'GitHub Actions',
      {
        GITHUB_REPOSITORY: 'octo/asset',
        GITHUB_SHA: '9fceb02d0ae5',
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_WORKSPACE: '/home/runner/work/asset',
        GITHUB_RUN_ID: '42',
        GITHUB_RUN_ATTEMPT: '2',
      },
      {
        repository: 'octo/asset',
        sha: '9fceb02d0ae5',
        runUrl: 'https://github.com/octo/asset/actions/runs/42/attempts/2',
      },
    ],
    [
      'Bitbucket',
      {
        BITBUCKET_REPO_FULL_NAME: 'team/asset',
        BITBUCKET_COMMIT: 'cafe1234',
        BITBUCKET_GIT_HTTP_ORIGIN: 'http://bitbucket.org/team/asset',
        BITBUCKET_BUILD_NUMBER: '12',
      },
      {
        repository: 'team/asset',
        sha: 'cafe1234',
        runUrl: 'http://bitbucket.org/team/asset/pipelines/results/12',
      },
    ],
    [
      'CircleCI',
      {
        CIRCLE_PROJECT_USERNAME: 'me',
        CIRCLE_PROJECT_REPONAME: 'asset',
        CIRCLE_SHA1: 'beef',
        CIRCLE_BUILD_URL: 'https://circleci.com/gh/me/asset/3',
      },
      { repository: 'me/asset', sha: 'beef', runUrl: 'https://circleci.com/gh/me/asset/3' },
    ],
    [
      'Azure Pipelines',
      {
        BUILD_REPOSITORY_NAME: 'asset',
        BUILD_SOURCEVERSION: 'f00d',
        SYSTEM_COLLECTIONURI: 'https://dev.azure.com/org/',
        SYSTEM_TEAMPROJECT: 'proj',
        BUILD_BUILDID: '99',
      },
      {
        repository: 'asset',
        sha: 'f00d',
        runUrl: 'https://dev.azure.com/org/proj/_build/results?buildId=99',
      },
    ],
    [
      'Jenkins',
      { JOB_NAME: 'asset-release', GIT_COMMIT: 'abc', BUILD_URL: 'https://ci.example/job/1/' },
      { repository: 'asset-release', sha: 'abc', runUrl: 'https://ci.example/job/1/' },
    ],
    [
      'a Bitbucket build number without the origin: no page',
      { BITBUCKET_BUILD_NUMBER: '12' },
      { repository: '', sha: '', runUrl: '' },
    ],
    [
      "GitLab with GitHub's server variable set: no web server, GitLab's pages are not GitHub's",
      { CI_PROJECT_PATH: 'group/asset', GITHUB_SERVER_URL: 'https://github.com' },
      { repository: 'group/asset', sha: '', runUrl: '' },
    ],
    ['a terminal', {}, { repository: '', sha: '', runUrl: '' }],
  ])('reads %s', (_, env, expected) => {
    expect(ciOrigin(env, '/work')).toEqual({
      ...expected,
      runLabel: 'CI job',
      workspace: '/work',
    });
  });
});

describe("ciLinks: the repository's pages for a changelog's relative links (SPEC 7.2)", () => {
  const SHA = '9fceb02d0ae598e95dc970b74767f19372d61af8';
  const GL = 'https://gitlab.example.com/creators/asset';
  const BB = 'https://bitbucket.org/team/asset';
  const GH = 'https://github.com/octo/asset';
  it.each<[string, Record<string, string>, Record<string, string> | undefined]>([
    [
      'GitLab, a tag build',
      {
        CI_PROJECT_URL: GL,
        CI_COMMIT_TAG: 'v1.2.3',
        CI_COMMIT_SHA: SHA,
        CI_PROJECT_DIR: '/builds/c/asset',
      },
      {
        home: GL,
        ref: 'v1.2.3',
        blob: `${GL}/-/blob/v1.2.3`,
        raw: `${GL}/-/raw/v1.2.3`,
        checkout: '/builds/c/asset',
      },
    ],
    [
      'GitLab, a branch build: the commit',
      { CI_PROJECT_URL: `${GL}/`, CI_COMMIT_SHA: SHA },
      { home: GL, ref: SHA, blob: `${GL}/-/blob/${SHA}`, raw: `${GL}/-/raw/${SHA}` },
    ],
    [
      'Bitbucket, a tag build, the clone folder',
      {
        BITBUCKET_GIT_HTTP_ORIGIN: 'http://bitbucket.org/team/asset',
        BITBUCKET_TAG: 'v2.0.0',
        BITBUCKET_COMMIT: 'cafe1234',
        BITBUCKET_CLONE_DIR: '/opt/atlassian/pipelines/agent/build',
      },
      {
        home: BB,
        ref: 'v2.0.0',
        blob: `${BB}/src/v2.0.0`,
        raw: `${BB}/raw/v2.0.0`,
        checkout: '/opt/atlassian/pipelines/agent/build',
      },
    ],
    [
      'Bitbucket, a commit, an origin with credentials and .git',
      {
        BITBUCKET_GIT_HTTP_ORIGIN:
          'https://x-token-auth:abcdefgh12345678@bitbucket.org/team/asset.git',
        BITBUCKET_COMMIT: 'cafe1234',
      },
      { home: BB, ref: 'cafe1234', blob: `${BB}/src/cafe1234`, raw: `${BB}/raw/cafe1234` },
    ],
    [
      'GitHub Actions, a tag ref with a slash',
      {
        GITHUB_REPOSITORY: 'octo/asset',
        GITHUB_REF: 'refs/tags/rel/1.2',
        GITHUB_SHA: SHA,
        GITHUB_WORKSPACE: '/w',
      },
      {
        home: GH,
        ref: 'rel/1.2',
        blob: `${GH}/blob/rel%2F1.2`,
        raw: `${GH}/raw/rel%2F1.2`,
        checkout: '/w',
      },
    ],
    [
      'GitHub Actions, a branch: the commit, on its server',
      {
        GITHUB_SERVER_URL: 'https://ghe.example.com',
        GITHUB_REPOSITORY: 'octo/asset',
        GITHUB_REF: 'refs/heads/main',
        GITHUB_SHA: SHA,
      },
      {
        home: 'https://ghe.example.com/octo/asset',
        ref: SHA,
        blob: `https://ghe.example.com/octo/asset/blob/${SHA}`,
        raw: `https://ghe.example.com/octo/asset/raw/${SHA}`,
      },
    ],
    [
      'GitLab without a project URL (Woodpecker)',
      { CI_COMMIT_TAG: 'v1', CI_COMMIT_SHA: SHA, CI_REPO: 'a/b' },
      undefined,
    ],
    ['GitLab with no tag and no commit', { CI_PROJECT_URL: GL }, undefined],
    ['Jenkins', { TAG_NAME: 'v1', GIT_COMMIT: SHA, JOB_NAME: 'asset' }, undefined],
    ['a terminal', {}, undefined],
  ])('%s', (_, env, expected) => {
    expect(ciLinks(env)).toEqual(expected);
  });

  it('names the variables it reads, for the log', () => {
    expect(NO_CI_LINKS).toBe(
      "no CI variable names the repository's web address (read: " +
        'CI_PROJECT_URL with CI_COMMIT_TAG or CI_COMMIT_SHA (GitLab); ' +
        'GITHUB_REPOSITORY with GITHUB_REF or GITHUB_SHA (GitHub Actions); ' +
        'BITBUCKET_GIT_HTTP_ORIGIN with BITBUCKET_TAG or BITBUCKET_COMMIT (Bitbucket))',
    );
  });
});

describe('readKey', () => {
  const KEY = 'mk_test_EXAMPLEKEYcreatorNOTREAL';
  // Keyed as the machine's own path flavour resolves them, so the test runs on Windows too.
  const files: Record<string, string> = {
    'key.txt': `${KEY}\n`,
    '/keys/crlf.txt': `${KEY}\r\n`,
    'empty.txt': '\n',
    'notes.md': `# Notes\n\n${KEY}\n`,
    'long.txt': 'k'.repeat(MAX_KEY_BYTES + 1),
  };
  const readers = (stdin = '') => ({
    readFile: async (file: string) => {
      const text = files[file];
      if (text === undefined) throw new Error('ENOENT');
      return Buffer.from(text);
    },
    readStdin: async () => Buffer.from(stdin),
  });

  it.each<[string, Parameters<typeof readKey>[0], Record<string, string>, string]>([
    ['the variable', { kind: 'variable' }, { MARKETPLACE_API_KEY: KEY }, KEY],
    ['a file, relative, its line break dropped', { kind: 'file', path: 'key.txt' }, {}, KEY],
    ['a file with CRLF, absolute', { kind: 'file', path: '/keys/crlf.txt' }, {}, KEY],
    [
      'a file over the variable',
      { kind: 'file', path: 'key.txt' },
      { MARKETPLACE_API_KEY: 'x' },
      KEY,
    ],
  ])('reads %s', async (_, source, env, expected) => {
    expect(await readKey(source, env, readers())).toBe(expected);
  });

  it('reads standard input, one trailing line break dropped', async () => {
    expect(await readKey({ kind: 'stdin' }, {}, readers(`${KEY}\n`))).toBe(KEY);
  });

  const NO_KEY = 'No API key';
  const NOT_READ = 'API key not read';
  it.each<[string, Parameters<typeof readKey>[0], string, string, RegExp]>([
    ['no variable', { kind: 'variable' }, '', NO_KEY, /MARKETPLACE_API_KEY is empty or not set/],
    ['an empty file', { kind: 'file', path: 'empty.txt' }, '', NO_KEY, /the key file is empty/],
    ['empty standard input', { kind: 'stdin' }, '\n', NO_KEY, /standard input gave no key/],
    [
      'a missing file',
      { kind: 'file', path: 'nope.txt' },
      '',
      NOT_READ,
      /--api-key-file could not be read/,
    ],
    [
      'a file of lines',
      { kind: 'file', path: 'notes.md' },
      '',
      NOT_READ,
      /file .* 2 lines of text/,
    ],
    [
      'standard input of lines',
      { kind: 'stdin' },
      `${KEY}\nmore\n`,
      NOT_READ,
      /input .* 2 lines of text/,
    ],
    [
      'a file too long for a key',
      { kind: 'file', path: 'long.txt' },
      '',
      NOT_READ,
      new RegExp(`more than ${MAX_KEY_BYTES} bytes`),
    ],
    [
      'standard input longer than a key in bytes, not in UTF-16 code units',
      { kind: 'stdin' },
      'é'.repeat(MAX_KEY_BYTES / 2 + 1),
      NOT_READ,
      new RegExp(`more than ${MAX_KEY_BYTES} bytes`),
    ],
  ])('refuses %s, saying where to put the key', async (_, source, stdin, title, message) => {
    const failure = readKey(source, {}, readers(stdin));
    await expect(failure).rejects.toThrow(message);
    await expect(failure).rejects.toMatchObject({ title });
  });

  it('never names the path of a file it could not read: a key may have been pasted there', async () => {
    const error = await readKey({ kind: 'file', path: KEY }, {}, readers()).catch((e) => e);
    expect(String(error)).not.toContain(KEY.slice(0, 8));
  });

  it('reads a real file relative to the working folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lad-key-'));
    writeFileSync(path.join(dir, 'key.txt'), `${KEY}\n`);
    const relative = path.relative(process.cwd(), path.join(dir, 'key.txt'));
    expect(await readKey({ kind: 'file', path: relative }, {}, nodeKeyReaders)).toBe(KEY);
  });
});

describe('readKey, a key file as editors write it', () => {
  const KEY = 'mk_live_4f9d2c7a1b8e6f30c5d9a2e7b4f1c8d6';
  const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
  const bytes = (content: Uint8Array) => ({
    readFile: async () => content,
    readStdin: async () => content,
  });

  it.each<[string, Uint8Array]>([
    ['UTF-8', Buffer.from(`${KEY}\n`)],
    ['UTF-8 with a byte-order mark and CRLF', Buffer.from(`\ufeff${KEY}\r\n`)],
    ['UTF-16 LE with a mark (Windows PowerShell 5.1)', Buffer.from(`\ufeff${KEY}\r\n`, 'utf16le')],
    ['UTF-16 BE with a mark', utf16be(`\ufeff${KEY}\n`)],
    ['UTF-16 LE with a mark, no line break', Buffer.from(`\ufeff${KEY}`, 'utf16le')],
    ['UTF-8, a blank line at the end', Buffer.from(`${KEY}\n\n`)],
    ['UTF-8, lone CR line ends (classic Mac OS)', Buffer.from(`${KEY}\r\r`)],
    ['UTF-8, one lone CR', Buffer.from(`${KEY}\r`)],
    ['UTF-8, CRLF and blank lines', Buffer.from(`${KEY}\r\n\r\n\r\n`)],
    ['UTF-8, spaces and a tab after the key', Buffer.from(`${KEY}  \t\n`)],
    ['UTF-8, lines of white space after the key', Buffer.from(`${KEY}\n  \n\t\n`)],
    ['UTF-8, a blank line before the key', Buffer.from(`\n${KEY}\n`)],
    ['UTF-8 with a mark, lone CRs and a blank line', Buffer.from(`\ufeff${KEY}\r\r`)],
    [
      'UTF-16 LE with a mark, CRLF and a blank line',
      Buffer.from(`\ufeff${KEY}\r\n\r\n`, 'utf16le'),
    ],
    ['UTF-16 BE with a mark, a lone CR', utf16be(`\ufeff${KEY}\r`)],
  ])('reads %s, from a file and from standard input', async (_, content) => {
    expect(await readKey({ kind: 'file', path: 'key.txt' }, {}, bytes(content))).toBe(KEY);
    expect(await readKey({ kind: 'stdin' }, {}, bytes(content))).toBe(KEY);
  });

  it.each<[string, Uint8Array, string]>([
    [
      'UTF-16 without a mark',
      Buffer.from(`${KEY}\r\n`, 'utf16le'),
      'The key file (--api-key-file) holds UTF-16 text without a byte-order mark, or other bytes that are not text: save it as UTF-8 (or UTF-16 with a byte-order mark).',
    ],
    [
      'bytes that are not UTF-8',
      Buffer.from([0x6d, 0x6b, 0xff, 0xfe, 0x41]).subarray(0, 5).reverse(),
      'The key file (--api-key-file) is not text in UTF-8: save it as UTF-8.',
    ],
    ...[
      [0x6b, 0xfe],
      [0x6b, 0xff],
      [0xfe, 0x6b],
      [0xff, 0x6b],
    ].map((bytes): [string, Uint8Array, string] => [
      `half a byte-order mark (${bytes.map((byte) => byte.toString(16)).join(' ')}): not UTF-16`,
      Buffer.from(bytes),
      'The key file (--api-key-file) is not text in UTF-8: save it as UTF-8.',
    ]),
    [
      'Latin-1 bytes',
      Buffer.from('mk_live_cl\xe9', 'latin1'),
      'The key file (--api-key-file) is not text in UTF-8: save it as UTF-8.',
    ],
    [
      'UTF-16 with a mark and half a character',
      Buffer.concat([Buffer.from(`\ufeff${KEY}`, 'utf16le'), Buffer.from([0x41])]),
      'The key file (--api-key-file) is not text in UTF-16: save it as UTF-8.',
    ],
    [
      'two keys on lines of their own',
      Buffer.from(`${KEY}\n${KEY.toUpperCase()}\n`),
      'The key file (--api-key-file) holds 2 lines of text (two keys, or a key and a note?): it should hold the key alone; blank lines and spaces around it are ignored.',
    ],
    [
      'two keys after lone CRs, with a mark',
      Buffer.from(`\ufeff${KEY}\r\r${KEY}\r`),
      'The key file (--api-key-file) holds 2 lines of text (two keys, or a key and a note?): it should hold the key alone; blank lines and spaces around it are ignored.',
    ],
    [
      'a key and a note in UTF-16 with a mark',
      Buffer.from(`\ufeff# staging\r\n${KEY}\r\n`, 'utf16le'),
      'The key file (--api-key-file) holds 2 lines of text (two keys, or a key and a note?): it should hold the key alone; blank lines and spaces around it are ignored.',
    ],
  ])(
    'refuses %s, saying what it found, never "more than one line"',
    async (_, content, message) => {
      const error = await readKey({ kind: 'file', path: 'key.txt' }, {}, bytes(content)).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe(message);
      expect((error as Error).message).not.toContain(KEY.slice(8, 16));
    },
  );
});

describe('readKey, at its edges', () => {
  const KEY = 'mk_test_EXAMPLEKEYcreatorNOTREAL';
  const failing = (error: unknown) => ({
    readFile: async (): Promise<Uint8Array> => {
      throw error;
    },
    readStdin: async () => Buffer.from(''),
  });
  const giving = (text: string, limits: number[] = []) => ({
    readFile: async (_: string, limit: number) => {
      limits.push(limit);
      return Buffer.from(text);
    },
    readStdin: async (limit: number) => {
      limits.push(limit);
      return Buffer.from(text);
    },
  });

  it.each<[string, unknown, string]>([
    ['a system code', Object.assign(new Error('x'), { code: 'ENOENT' }), ' (ENOENT)'],
    ['no code', new Error('x'), ''],
    ['a thrown null', null, ''],
    ['a code that is not a string', Object.assign(new Error('x'), { code: 13 }), ''],
    ['a code that could be a key', Object.assign(new Error('x'), { code: KEY }), ''],
    ['a code too long', Object.assign(new Error('x'), { code: 'E'.repeat(33) }), ''],
    ['a code of one letter', Object.assign(new Error('x'), { code: 'E' }), ' (E)'],
  ])(
    'an unreadable file with %s: the message names the code only when it is one',
    async (_, error, code) => {
      const thrown = await readKey({ kind: 'file', path: 'k' }, {}, failing(error)).catch((e) => e);
      expect(thrown.message).toBe(
        `The key file given to --api-key-file could not be read${code}. Check its path ` +
          '(relative to the current directory).',
      );
      expect(thrown.message).not.toContain(KEY.slice(0, 8));
    },
  );

  it.each<[string, Parameters<typeof readKey>[0]]>([
    ['a file', { kind: 'file', path: 'key.txt' }],
    ['standard input', { kind: 'stdin' }],
  ])(
    'reads one byte more than a key may hold from %s, and takes a key of the limit',
    async (_, source) => {
      const limits: number[] = [];
      const key = 'k'.repeat(MAX_KEY_BYTES);
      expect(await readKey(source, {}, giving(key, limits))).toBe(key);
      expect(limits).toEqual([MAX_KEY_BYTES + 1]);
    },
  );

  it.each<[string, string, number]>([
    ['a line break inside, none at the end', `${KEY}\nmore`, 2],
    ['a carriage return inside', `${KEY}\rmore\n`, 2],
    ['CRLF between lines, blank lines among them', `a\r\n\r\nb\r\n \r\nc`, 3],
  ])('refuses a file with %s, counting its lines of text', async (_, text, lines) => {
    await expect(readKey({ kind: 'file', path: 'k' }, {}, giving(text))).rejects.toThrow(
      `The key file (--api-key-file) holds ${lines} lines of text (two keys, or a key and a note?): ` +
        'it should hold the key alone; blank lines and spaces around it are ignored.',
    );
  });

  it.each<[string, string]>([
    ['two line breaks at the end', `${KEY}\n\n`],
    ['a byte-order mark already decoded', `\ufeff${KEY}\n`],
    ['spaces before and after the key', `  ${KEY} \r\n`],
    ['a form feed and a vertical tab on lines of their own', `${KEY}\n\f\n\v\n`],
  ])('reads a key from text with %s', async (_, text) => {
    expect(await readKey({ kind: 'file', path: 'k' }, {}, giving(text))).toBe(KEY);
    expect(await readKey({ kind: 'stdin' }, {}, giving(text))).toBe(KEY);
  });

  it.each<[string, Parameters<typeof readKey>[0], Record<string, string>, string]>([
    [
      'blank variable',
      { kind: 'variable' },
      { MARKETPLACE_API_KEY: '  ' },
      'MARKETPLACE_API_KEY is empty or not set',
    ],
    ['blank file', { kind: 'file', path: 'k' }, {}, 'the key file is empty'],
    ['blank standard input', { kind: 'stdin' }, {}, 'standard input gave no key'],
  ])('refuses a %s, naming every way to give the key', async (_, source, env, where) => {
    await expect(readKey(source, env, giving(' \t'))).rejects.toThrow(
      `No API key: ${where}. Set MARKETPLACE_API_KEY (in CI, a masked and protected variable), ` +
        'or use --api-key-file <path> or --api-key-stdin.',
    );
  });
});

describe('nodeKeyReaders', () => {
  const KEY = 'mk_test_EXAMPLEKEYcreatorNOTREAL';

  it('reads at most the limit from a file, and closes it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lad-key-'));
    writeFileSync(path.join(dir, 'long.txt'), 'k'.repeat(100));
    const { readFile } = nodeKeyReaders;
    const open = () => (existsSync('/proc/self/fd') ? readdirSync('/proc/self/fd').length : 0);
    const before = open();
    for (let i = 0; i < 20; i++) {
      expect(String(await readFile(path.join(dir, 'long.txt'), 10))).toBe('k'.repeat(10));
    }
    expect(String(await readFile(path.join(dir, 'long.txt'), 1000))).toBe('k'.repeat(100));
    expect(open()).toBeLessThan(before + 10);
  });

  it.each<[string, string[], number, string, number]>([
    ['one chunk', [`${KEY}\n`], 1000, `${KEY}\n`, 1],
    ['several chunks', ['mk_', 'live_', 'abc'], 1000, 'mk_live_abc', 3],
    ['a stream longer than the limit, cut at it', ['abcd', 'efgh', 'ijkl'], 6, 'abcdef', 2],
    ['a stream that reaches the limit, not read further', ['abc', 'def', 'ghi'], 6, 'abcdef', 2],
  ])('reads standard input: %s', async (_, chunks, limit, expected, pulls) => {
    let pulled = 0;
    // An async iterable as process.stdin is one: how many chunks were asked for is counted.
    const stdin = (async function* () {
      for (const chunk of chunks) {
        pulled++;
        yield Buffer.from(chunk);
      }
    })();
    const spy = vi
      .spyOn(process, 'stdin', 'get')
      .mockReturnValue(stdin as unknown as typeof process.stdin);
    try {
      expect(String(await nodeKeyReaders.readStdin(limit))).toBe(expected);
    } finally {
      spy.mockRestore();
    }
    expect(pulled).toBe(pulls);
  });
});
