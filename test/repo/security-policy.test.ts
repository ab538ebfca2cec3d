// SECURITY.md: the private report link of this very repository, what happens after a report,
// what a compromised release would lead to, and how to verify a release: commands that name this
// repository and its release workflow, and a `git ls-remote` that gives the commit of a release
// tag whether it is annotated or not (run here on a repository with both kinds).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeBlocks, sectionOf } from '../support/pages.js';
import { ROOT } from '../support/runner.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const policy = readFileSync(join(ROOT, 'SECURITY.md'), 'utf8');
/** owner/repo, as the README's examples use the action. */
const repo = /uses: ([\w.-]+\/[\w.-]+)@v\d/.exec(readme)?.[1] ?? '';
const security = sectionOf(policy, '## Verifying a release');

describe('SECURITY.md', () => {
  it('links the private report form of this repository', () => {
    expect(repo).not.toBe('');
    expect(policy).toContain(`https://github.com/${repo}/security/advisories/new`);
  });

  it('says what happens after a report, and within what time', () => {
    const section = policy.slice(policy.indexOf('## Reporting'), policy.indexOf('## If a release'));
    expect(section).toMatch(/Within 3 working days/);
    expect(section).toMatch(/Within 7 days/);
    expect(section).toMatch(/advisory is published/);
  });

  it('says how a compromised release would be announced, retracted and replaced', () => {
    const section = policy.slice(policy.indexOf('## If a release were compromised'));
    for (const step of ['**Announce**', '**Retract**', '**Replace**']) {
      expect(section).toContain(step);
    }
    expect(section).toMatch(/revoke and replace their key/);
  });
});

describe('SECURITY.md, verifying a release', () => {
  it('verifies a release with gh attestation verify against this repository and workflow', () => {
    const commands = [...security.matchAll(/gh attestation verify[^\n\\]*(?:\\\n[^\n\\]*)*/g)];
    expect(commands.length).toBeGreaterThan(0);
    for (const [command] of commands) {
      expect(command).toContain(`--repo ${repo}`);
      const workflow = /--signer-workflow ([^\s]+)/.exec(command)?.[1] ?? '';
      expect(workflow.startsWith(`${repo}/`)).toBe(true);
      expect(existsSync(join(ROOT, workflow.slice(repo.length + 1)))).toBe(true);
    }
  });

  it('shows how to pin by full commit SHA, and the README points there', () => {
    expect(security).toContain(`uses: ${repo}@<that 40-character SHA> # v`);
    expect(readme).toContain('](SECURITY.md#verifying-a-release)');
  });

  const lookup = codeBlocks(security, 'sh').find((block) => block.text.includes('git ls-remote'));

  /** A repository whose v1.0.0 is an annotated or a lightweight tag of its one commit. */
  function repository(annotated: boolean): { url: string; commit: string } {
    const dir = mkdtempSync(join(tmpdir(), 'lad-tags-'));
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: dir,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH ?? '',
          HOME: dir,
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_AUTHOR_NAME: 'Maintainer',
          GIT_AUTHOR_EMAIL: 'maintainer@example.com',
          GIT_COMMITTER_NAME: 'Maintainer',
          GIT_COMMITTER_EMAIL: 'maintainer@example.com',
        },
      }).trim();
    git('init', '--quiet');
    git('commit', '--quiet', '--allow-empty', '--message', 'Release 1.0.0');
    git('tag', ...(annotated ? ['--annotate', '--message', 'v1.0.0'] : []), 'v1.0.0');
    return { url: `file://${dir}`, commit: git('rev-parse', 'HEAD') };
  }

  it.each([
    ['an annotated', true],
    ['a lightweight', false],
  ])('finds the commit of %s release tag on the last line', (_, annotated) => {
    expect(lookup?.text).toContain(`https://github.com/${repo}`);
    const { url, commit } = repository(annotated);
    const script = (lookup?.text ?? '').replace(`https://github.com/${repo}`, url);
    const result = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(annotated ? 2 : 1);
    expect(lines.at(-1)?.split('\t')[0]).toBe(commit);
    // An annotated tag's own line names the tag object, not the commit: the reason for `^{}`.
    if (annotated) expect(lines[0]?.split('\t')[0]).not.toBe(commit);
  });
});
