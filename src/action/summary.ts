// The job summary through @actions/core's summary: its builders where they fit (the heading, the
// table of listings, the collapsed changelog), `addRaw` for what they lack (a table of facts whose
// headers align left, paragraphs). Each part's HTML is escaped already (core/report.ts).
import * as core from '@actions/core';
import type { SummaryParts } from '../core/report.js';

/** Builds the summary from its parts in the runner's buffer. */
export function buildSummary(parts: SummaryParts): typeof core.summary {
  const summary = core.summary
    .addHeading(parts.heading, 3)
    .addRaw(parts.facts, true)
    .addTable([
      parts.listingsHead.map((cell) => ({ data: cell, header: true })),
      ...(parts.noListing === undefined
        ? parts.listings.map((row) => [...row])
        : [[{ data: parts.noListing, colspan: '5' }]]),
    ]);
  for (const message of parts.messages) summary.addRaw(`<p>${message}</p>`, true);
  if (parts.changelog !== undefined) {
    summary.addDetails(parts.changelog.label, parts.changelog.content);
  }
  return summary;
}
