import type { Note, Problem } from './annotations.js';
import { MAX_RESPONSE_OUTPUT_BYTES } from './attempt.js';
import { cutUtf8, escapeHtml } from './guard/safe-text.js';
import { isJsonBody } from './guard/server-message.js';
import type { Resolved } from './release/resolve.js';
import { changelogFacts, type Show, versionFrom } from './sentences.js';
import { seconds } from './transport/debug-lines.js';
import type { Outcome } from './transport/retry.js';
import type { Words } from './words.js';

export interface ListingRow {
  readonly listingId: string;
  readonly state: 'sent' | 'skipped' | 'dry-run' | 'not-attempted';
  readonly outcome?: Outcome | undefined;
  readonly problem?: Problem | undefined;
  readonly why: string;
  readonly previousVersion: string | null;
  readonly elapsedMs: number;
  readonly confirmed?: boolean | null;
  readonly shownVersion?: string | null;
  readonly readBack?: 'updated' | 'not updated' | 'unknown';
}

export interface RunReport {
  readonly listingIds: readonly string[];
  readonly resolved?: Resolved | undefined;
  readonly dryRun: boolean;
  readonly list?: Outcome | undefined;
  readonly readBack?: Outcome | undefined;
  readonly rows: readonly ListingRow[];
  readonly notes: readonly Note[];
  readonly problem?: Problem | undefined;
  readonly elapsedMs: number;
  // Set when the event deploys nothing, to what happened (`Release v1.2.3 was deleted`).
  readonly ignoredEvent?: string;
}

export function emptyReport(): RunReport {
  return { listingIds: [], dryRun: false, rows: [], notes: [], elapsedMs: 0 };
}

export function ignoredEventReport(
  listingIds: readonly string[],
  what: string,
): Pick<RunReport, 'rows' | 'notes' | 'ignoredEvent'> {
  return {
    ignoredEvent: what,
    rows: listingIds.map((listingId) => listingRow(listingId, { state: 'skipped', why: what })),
    notes: [{ level: 'notice', title: 'Nothing to deploy', message: `${what}: nothing was sent.` }],
  };
}

export function listingRow(listingId: string, over: Partial<ListingRow>): ListingRow {
  return {
    listingId,
    state: 'not-attempted',
    why: '',
    previousVersion: null,
    elapsedMs: 0,
    ...over,
  };
}

export function rowsOf(report: RunReport): ListingRow[] {
  const why = report.problem?.title ?? 'the run stopped before it';
  return report.listingIds.map(
    (listingId) =>
      report.rows.find((row) => row.listingId === listingId) ?? listingRow(listingId, { why }),
  );
}

export function annotationsOf(report: RunReport): (Problem & { level: 'error' | Note['level'] })[] {
  const problems = [report.problem, ...report.rows.map((row) => row.problem)];
  const errors = problems.filter((problem) => problem !== undefined);
  return [...errors.map((problem) => ({ ...problem, level: 'error' as const })), ...report.notes];
}

function updated(row: ListingRow): boolean {
  return row.state === 'sent' && row.problem === undefined;
}

export function results(report: RunReport) {
  return rowsOf(report).map((row) => ({
    'listing-id': row.listingId,
    updated: updated(row),
    status: row.outcome?.last.kind === 'answer' ? row.outcome.last.status : null,
    attempts: row.outcome?.attempts ?? 0,
    error:
      row.problem?.message ?? (row.state === 'not-attempted' ? `not attempted: ${row.why}` : null),
    skipped: row.state === 'skipped',
    'previous-version': row.previousVersion,
    confirmed: row.confirmed ?? null,
    'read-back': row.readBack ?? null,
  }));
}

// Values are untrusted: the caller redacts them.
export function outputs(report: RunReport): Record<string, string> {
  const sent = [report.list, ...report.rows.map((row) => row.outcome)];
  const outcome = sent.filter((request) => request !== undefined).at(-1);
  const answer = outcome?.last.kind === 'answer' ? outcome.last : undefined;
  const rows = rowsOf(report);
  return {
    version: report.resolved?.version ?? '',
    changelog: report.resolved?.changelog ?? '',
    'listing-id': report.listingIds.join('\n'),
    status: answer === undefined ? '' : String(answer.status),
    response:
      answer !== undefined &&
      answer.body.trim() !== '' &&
      (answer.json === true || isJsonBody(answer.body, answer.contentType))
        ? cutUtf8(answer.body, MAX_RESPONSE_OUTPUT_BYTES)
        : '',
    attempts: String(outcome?.attempts ?? 0),
    updated: String(report.problem === undefined && rows.length > 0 && rows.every(updated)),
    results: JSON.stringify(results(report)),
    skipped: rows
      .filter((row) => row.state === 'skipped')
      .map((row) => row.listingId)
      .join('\n'),
  };
}

function rowResult(row: ListingRow): string {
  if (row.problem !== undefined) return `❌ Failed: ${row.problem.title}`;
  if (row.state === 'skipped') return `⏭️ Skipped: ${row.why}`;
  if (row.state === 'dry-run') return `🔍 Dry run: ${row.why}`;
  if (row.state === 'not-attempted') return `⏸️ Not attempted: ${row.why}`;
  if (row.readBack === 'updated')
    return '✅ Updated: the answer was lost, the update was read back';
  if (row.confirmed === true) return '✅ Updated, confirmed';
  if (row.confirmed === false)
    return `⚠️ Updated, but the answer shows version ${row.shownVersion ?? ''}`;
  if (row.confirmed === null) return '✅ Updated (not confirmed: the answer shows no version)';
  return '✅ Updated';
}

function result(report: RunReport): string {
  if (report.problem !== undefined) return `❌ Failed: ${report.problem.title}`;
  if (report.ignoredEvent !== undefined) return `⏭️ Nothing sent: ${report.ignoredEvent}`;
  const rows = rowsOf(report);
  const [only, ...others] = rows;
  if (only !== undefined && others.length === 0) return rowResult(only);
  const failed = rows.filter((row) => row.problem !== undefined).length;
  if (failed > 0) return `❌ Failed: ${failed} of ${rows.length} listings`;
  if (report.dryRun) return '🔍 Dry run: no update was sent';
  if (rows.length === 0) return '⏭️ Nothing sent';
  // None failed: each was updated or skipped. `⏭️ Skipped 2`, never `Updated 0, skipped 2`.
  const skipped = rows.filter((row) => row.state === 'skipped').length;
  const count = rows.filter(updated).length;
  if (count === 0) return `⏭️ Skipped ${skipped}`;
  return `✅ Updated ${count}${skipped > 0 ? `, skipped ${skipped}` : ''}`;
}

function time(ms: number): string {
  return ms < 10_000 ? `${Math.round(ms)} ms` : seconds(ms);
}

export const TABLE_HEAD = ['Listing', 'Result', 'HTTP status', 'Attempts', 'Time'];

// A row's result, HTTP status (a failed request's code, as `failure` shows it), attempts and time.
export function rowCells(row: ListingRow, failure: Show): string[] {
  const { outcome } = row;
  if (outcome === undefined) return [rowResult(row), '—', '0', '—'];
  const { last } = outcome;
  const status = last.kind === 'answer' ? String(last.status) : failure(last.code);
  return [rowResult(row), status, String(outcome.attempts), time(row.elapsedMs)];
}

// CommonMark ends an HTML block at a blank line, after which the rest would render as Markdown.
function oneLineHtml(text: string): string {
  return escapeHtml(text).replace(/\r\n|\r|\n/g, '&#10;');
}

// Every value is redacted, then escaped: redacting after escaping would miss a key whose
// characters escaping changes.
export function summaryParts(report: RunReport, words: Words, redact: Show) {
  const html: Show = (text) => oneLineHtml(redact(text));
  const { resolved } = report;
  const get = (outcome: Outcome | undefined) =>
    outcome &&
    `GET: HTTP status ${outcome.last.kind === 'answer' ? outcome.last.status : html(outcome.last.code)}, attempts ${outcome.attempts}`;
  // Redacted before it is cut, so that no start of the key is left at the cut.
  const changelog = redact(resolved?.changelog ?? '');
  const shown = cutUtf8(changelog, 64 * 1024);
  const cut = shown === changelog ? '' : ' (cut to 64 KiB)';
  const facts = Object.entries({
    Version:
      resolved !== undefined
        ? versionFrom(resolved, words, (text) => `<code>${html(text)}</code>`)
        : report.ignoredEvent === undefined
          ? '(not resolved)'
          : '(nothing to deploy on this event)',
    Result: html(result(report)),
    Time: time(report.elapsedMs),
    'List of listings': get(report.list),
    'Read back': get(report.readBack),
  }).filter(([, value]) => value !== undefined);
  const table = facts.map(
    ([name, value]) => `<tr><th align="left">${name}</th><td>${value}</td></tr>`,
  );
  const listings = rowsOf(report).map((row) => [
    `<code>${html(row.listingId)}</code>`,
    ...rowCells(row, (code) => code).map(html),
  ]);
  return {
    facts: `<table>${table.join('')}</table>`,
    listings: [
      TABLE_HEAD.map((data) => ({ data, header: true })),
      ...(listings.length === 0 ? [[{ data: '(no listing)', colspan: '5' }]] : listings),
    ],
    messages: annotationsOf(report).map((annotation) => html(annotation.message)),
    changelog: resolved && {
      label: `Changelog (${html(changelogFacts(resolved, words, (text) => text))})${cut}`,
      content: `<pre>${oneLineHtml(shown)}</pre>`,
    },
  };
}
