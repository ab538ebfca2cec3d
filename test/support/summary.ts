// The job summary as one HTML text, as the action writes it through @actions/core's builders.

import * as core from '@actions/core';
import { buildSummary } from '../../src/action/main.js';
import { ACTION_WORDS } from '../../src/action/words.js';
import { type RunReport, summaryParts } from '../../src/core/report.js';
import type { Words } from '../../src/core/words.js';

export function summaryHtml(
  report: RunReport,
  redact: (text: string) => string = (text) => text,
  words: Words = ACTION_WORDS,
): string {
  core.summary.emptyBuffer();
  const html = buildSummary(summaryParts(report, words, redact)).stringify();
  core.summary.emptyBuffer();
  return html;
}
