import type { AttemptResult } from './client.js';
import type { Problem } from './errors.js';
import type { Resolved } from './release.js';
import type { Decision, Outcome } from './retry.js';
import { cutUtf8, escapeHtml, quote } from './safe-text.js';

export const MAX_RESPONSE_OUTPUT_BYTES = 64 * 1024;
export const MAX_SUMMARY_CHANGELOG_BYTES = 64 * 1024;

/** Everything known at the end of a run, for outputs and the job summary. */
export interface RunReport {
  readonly listingId: string;
  readonly resolved: Resolved | undefined;
  readonly dryRun: boolean;
  /** Undefined when nothing was sent. */
  readonly outcome: Outcome | undefined;
  readonly problem: Problem | undefined;
  readonly elapsedMs: number;
}

/** Where the version came from; `tag` is already quoted or marked up. */
const VERSION_SOURCES: Record<Resolved['versionSource'], (tag: string) => string> = {
  input: () => 'the `version` input',
  release: (tag) => `the release event, tag ${tag}`,
  tag: (tag) => `the tag ${tag}`,
  'latest-release': (tag) => `the latest release ${tag} (GitHub API)`,
};

type Show = (text: string) => string;

/** Where the changelog came from; `show` quotes or marks up names taken from the run. */
const CHANGELOG_SOURCES: Record<Resolved['changelogSource'], (r: Resolved, show: Show) => string> =
  {
    input: () => 'the `changelog` input',
    file: (r, show) =>
      `section ${show(r.changelogOf ?? r.version)} of ${show(r.changelogFile ?? '')}`,
    release: () => 'the release notes',
    github: (r, show) => `release notes of ${show(r.changelogOf ?? r.tag)} (GitHub API)`,
    generated: () => 'generated',
  };

export function versionLine(resolved: Resolved): string {
  const source = VERSION_SOURCES[resolved.versionSource](quote(resolved.tag));
  return `Version ${quote(resolved.version)} from ${source}`;
}

function changelogFacts(resolved: Resolved, show: Show = (text) => text): string {
  const { length } = [...resolved.changelog];
  const cut =
    resolved.cut === undefined
      ? ''
      : `, cut from ${resolved.cut.from} to ${resolved.cut.to} characters (\`changelog-max-length\`)`;
  return `${length} characters, ${CHANGELOG_SOURCES[resolved.changelogSource](resolved, show)}${cut}`;
}

export function changelogLine(resolved: Resolved): string {
  return `Changelog: ${changelogFacts(resolved, quote)}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function attemptLine(
  url: string,
  result: AttemptResult,
  attempt: number,
  maxAttempts: number,
  decision: Decision,
): string {
  const what =
    result.kind === 'answer'
      ? `HTTP ${result.status} in ${result.ms} ms`
      : `${result.code} after ${result.ms} ms`;
  let next = '';
  if (decision.kind === 'wait') {
    next = `; retrying in ${seconds(decision.ms)}${decision.retryAfter ? ' (Retry-After)' : ''}`;
  } else if (decision.kind === 'too-long') {
    next = `; Retry-After asks for ${seconds(decision.ms)}, more than 60 s: not retrying`;
  }
  return `PATCH ${url}: ${what} (attempt ${attempt} of ${maxAttempts})${next}`;
}

function isJson(answer: { body: string; contentType: string }): boolean {
  if (/[/+]json\b/i.test(answer.contentType)) return true;
  try {
    JSON.parse(answer.body);
    return true;
  } catch {
    return false;
  }
}

export function updated(report: RunReport): boolean {
  return report.outcome !== undefined && report.problem === undefined;
}

/** The step outputs (SPEC 5). Values are untrusted: the caller redacts them. */
export function outputs(report: RunReport): Record<string, string> {
  const last = report.outcome?.last;
  const answer = last?.kind === 'answer' ? last : undefined;
  return {
    version: report.resolved?.version ?? '',
    changelog: report.resolved?.changelog ?? '',
    'listing-id': report.listingId,
    status: answer === undefined ? '' : String(answer.status),
    response:
      answer !== undefined && answer.body.trim() !== '' && isJson(answer)
        ? cutUtf8(answer.body, MAX_RESPONSE_OUTPUT_BYTES)
        : '',
    attempts: String(report.outcome?.attempts ?? 0),
    updated: String(updated(report)),
  };
}

type Html = (text: string) => string;

function versionHtml(resolved: Resolved, html: Html): string {
  const tag = `<code>${html(resolved.tag)}</code>`;
  const source = VERSION_SOURCES[resolved.versionSource](tag);
  return `<code>${html(resolved.version)}</code> from ${source}`;
}

function result(report: RunReport): string {
  if (report.problem !== undefined) return `❌ Failed: ${report.problem.title}`;
  if (report.dryRun) return '🔍 Dry run: nothing was sent';
  return '✅ Updated';
}

/** The job summary as HTML: every value escaped, the changelog in a collapsed block. */
/**
 * The job summary as HTML, the changelog in a collapsed block. Every value is redacted, then
 * escaped: redacting after escaping would miss a key whose characters escaping changes.
 */
export function summaryHtml(
  report: RunReport,
  redact: (text: string) => string = (text) => text,
): string {
  const html: Html = (text) => escapeHtml(redact(text));
  const last = report.outcome?.last;
  const rows: [string, string][] = [
    ['Listing', `<code>${html(report.listingId || '(not set)')}</code>`],
    [
      'Version',
      report.resolved === undefined ? '(not resolved)' : versionHtml(report.resolved, html),
    ],
    ['Result', html(result(report))],
    ['HTTP status', last?.kind === 'answer' ? String(last.status) : last ? html(last.code) : '—'],
    ['Attempts', String(report.outcome?.attempts ?? 0)],
    [
      'Time',
      report.elapsedMs < 10_000 ? `${Math.round(report.elapsedMs)} ms` : seconds(report.elapsedMs),
    ],
  ];
  const table = rows.map(
    ([name, value]) => `<tr><th align="left">${name}</th><td>${value}</td></tr>`,
  );
  const parts = ['<h3>Marketplace listing update</h3>', `<table>${table.join('')}</table>`];
  if (report.problem !== undefined) parts.push(`<p>${html(report.problem.message)}</p>`);
  if (report.resolved !== undefined) {
    // Redacted before it is cut, so that no start of the key is left at the cut.
    const changelog = redact(report.resolved.changelog);
    const shown = cutUtf8(changelog, MAX_SUMMARY_CHANGELOG_BYTES);
    const note = shown === changelog ? '' : ' (cut to 64 KiB)';
    parts.push(
      `<details><summary>Changelog (${html(changelogFacts(report.resolved))})${note}</summary>` +
        `<pre>${escapeHtml(shown)}</pre></details>`,
    );
  }
  return `${parts.join('\n')}\n`;
}
