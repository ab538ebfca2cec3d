// The job summary written through @actions/core's builders is the summary's HTML, byte for byte,
// and lands in the runner's summary file.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@actions/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSummary } from '../../src/action/main.js';
import { ACTION_WORDS } from '../../src/action/words.js';
import type { Answer } from '../../src/core/attempt.js';
import { emptyReport, type RunReport, summaryParts } from '../../src/core/report.js';
import { summaryHtml } from '../support/summary.js';

afterEach(() => {
  core.summary.emptyBuffer();
  vi.unstubAllEnvs();
});

const answer: Answer = {
  kind: 'answer',
  status: 422,
  location: '',
  retryAfter: '',
  contentType: 'text/plain',
  link: '',
  body: 'no <b>',
  cut: false,
  ms: 1,
};

const sent: RunReport = {
  ...emptyReport(),
  listingIds: ['a&b'],
  resolved: {
    version: '1.2.3',
    versionSource: 'input',
    tag: '1.2.3',
    changelog: 'Line <1>\nLine 2',
    changelogSource: 'input',
  },
  rows: [
    {
      listingId: 'a&b',
      state: 'sent',
      outcome: { last: answer, attempts: 1 },
      problem: { title: 'Rejected', message: 'The update was refused: no <b>' },
      why: '',
      previousVersion: null,
      elapsedMs: 12,
    },
  ],
  notes: [{ level: 'warning', title: 'Note', message: 'A | note' }],
};

describe('the job summary', () => {
  it.each([
    [
      'a run that sent an update',
      sent,
      [
        '<h3>Marketplace listing update</h3>',
        '<table><tr><th align="left">Version</th><td><code>1.2.3</code> from the `version` input</td></tr><tr><th align="left">Result</th><td>❌ Failed: Rejected</td></tr><tr><th align="left">Time</th><td>0 ms</td></tr></table>',
        '<table><tr><th>Listing</th><th>Result</th><th>HTTP status</th><th>Attempts</th><th>Time</th></tr><tr><td><code>a&amp;b</code></td><td>❌ Failed: Rejected</td><td>422</td><td>1</td><td>12 ms</td></tr></table>',
        '<p>The update was refused: no &lt;b&gt;</p>',
        '<p>A &#124; note</p>',
        '<details><summary>Changelog (15 characters, the `changelog` input)</summary><pre>Line &lt;1&gt;&#10;Line 2</pre></details>',
      ],
    ],
    [
      'a run stopped before any listing',
      emptyReport(),
      [
        '<h3>Marketplace listing update</h3>',
        '<table><tr><th align="left">Version</th><td>(not resolved)</td></tr><tr><th align="left">Result</th><td>⏭️ Nothing sent</td></tr><tr><th align="left">Time</th><td>0 ms</td></tr></table>',
        '<table><tr><th>Listing</th><th>Result</th><th>HTTP status</th><th>Attempts</th><th>Time</th></tr><tr><td colspan="5">(no listing)</td></tr></table>',
      ],
    ],
  ])('%s: the builders write the summary HTML exactly', (_, report, lines) => {
    expect(buildSummary(summaryParts(report, ACTION_WORDS, (text) => text)).stringify()).toBe(
      `${lines.join('\n')}\n`,
    );
  });

  it("appends it to the runner's summary file", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lad-summary-')), 'summary');
    writeFileSync(file, 'before\n');
    vi.stubEnv('GITHUB_STEP_SUMMARY', file);
    await buildSummary(summaryParts(sent, ACTION_WORDS, (text) => text)).write();
    expect(readFileSync(file, 'utf8')).toBe(`before\n${summaryHtml(sent)}`);
  });
});
