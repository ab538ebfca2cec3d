// The job summary as one HTML text, as the action writes it through @actions/core's builders.
import * as core from '@actions/core';
import { buildSummary } from '../../src/action/main.js';
import { type RunReport, summaryParts } from '../../src/core/report.js';

export function summaryHtml(
  report: RunReport,
  redact: (text: string) => string = (text) => text,
): string {
  core.summary.emptyBuffer();
  const html = buildSummary(summaryParts(report, redact)).stringify();
  core.summary.emptyBuffer();
  return html;
}
