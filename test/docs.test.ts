import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReadme } from '../scripts/docs.ts';
import { actionYaml, ROOT } from './support/runner.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const action = readFileSync(join(ROOT, 'action.yml'), 'utf8');

describe('README', () => {
  it('has the inputs and outputs tables of action.yml (run `npm run docs` when this fails)', () => {
    expect(readme).toBe(renderReadme(readme, action));
  });

  it('names every input and output of action.yml', () => {
    const meta = actionYaml();
    for (const name of [...Object.keys(meta.inputs), ...Object.keys(meta.outputs)]) {
      expect(readme).toContain(`| \`${name}\` |`);
    }
  });

  it('notices drift', () => {
    const drifted = action.replace('The id of the listing to update.', 'Changed.');
    expect(renderReadme(readme, drifted)).not.toBe(readme);
  });

  it('gives the two commands of the Develop section', () => {
    expect(readme).toContain('npm ci && npm run demo');
    expect(readme).toContain('npm ci && npm test');
  });
});

describe('action.yml', () => {
  it('is fit for the Marketplace: name, description, author, branding', () => {
    const meta = actionYaml() as unknown as Record<string, unknown>;
    expect(typeof meta.name).toBe('string');
    expect(String(meta.description).length).toBeLessThanOrEqual(125);
    expect(meta.author).toBeTruthy();
    expect(meta.branding).toEqual({ icon: 'upload-cloud', color: 'purple' });
  });

  it('describes every input and output', () => {
    const meta = actionYaml() as unknown as {
      inputs: Record<string, { description?: string }>;
      outputs: Record<string, { description?: string }>;
    };
    for (const entry of [...Object.values(meta.inputs), ...Object.values(meta.outputs)]) {
      expect(entry.description?.length).toBeGreaterThan(10);
    }
  });
});
