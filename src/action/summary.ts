// The job summary through @actions/core's summary: its builders where they fit (the heading, the
// table of listings, the collapsed changelog), `addRaw` for what they lack (a table of facts whose
// headers align left, paragraphs). Each part's HTML is escaped already (core/report.ts).
import * as core from '@actions/core';
import type { SummaryParts } from '../core/report.js';

/** The summary from its parts, each passed through `words`, in the runner's buffer: `write()` appends it to the runner's file. */
export function buildSummary(
  parts: SummaryParts,
  words: (html: string) => string,
): typeof core.summary {
  const summary = core.summary
    .addHeading(words(parts.heading), 3)
    .addRaw(words(parts.facts), true)
    .addTable([
      parts.listingsHead.map((cell) => ({ data: words(cell), header: true })),
      ...(parts.noListing === undefined
        ? parts.listings.map((row) => row.map(words))
        : [[{ data: words(parts.noListing), colspan: '5' }]]),
    ]);
  for (const message of parts.messages) summary.addRaw(`<p>${words(message)}</p>`, true);
  if (parts.changelog !== undefined) {
    summary.addDetails(words(parts.changelog.label), words(parts.changelog.content));
  }
  return summary;
}
