// SECURITY.md and the README's Security section (SPEC 10): the private report link of this very
// repository, what happens after a report, what a compromised release would lead to, and commands
// to verify a release that name this repository and its release workflow.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/runner.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const policy = readFileSync(join(ROOT, 'SECURITY.md'), 'utf8');
/** owner/repo, as the README's examples use the action. */
const repo = /uses: ([\w.-]+\/[\w.-]+)@v\d/.exec(readme)?.[1] ?? '';
const security = readme.slice(
  readme.indexOf('## Security'),
  readme.indexOf('\n## ', readme.indexOf('## Security') + 1),
);

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

describe("the README's Security section", () => {
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

  it('shows how to pin by full commit SHA', () => {
    expect(security).toContain(`uses: ${repo}@<that 40-character SHA> # v`);
    expect(security).toContain(`git ls-remote https://github.com/${repo} refs/tags/`);
  });
});
