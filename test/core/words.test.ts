// Every message the engine can produce, as each front end words it: the action names inputs and
// never an option; the command names options and variables and never a step, a job summary, a
// workflow or an input.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../src/action/words.js';
import type { KeySource } from '../../src/cli/args.js';
import { commandWords } from '../../src/cli/args.js';
import type { Problem } from '../../src/core/annotations.js';
import type { Answer, AttemptResult } from '../../src/core/attempt.js';
import { type FileReader, sectionFromFile } from '../../src/core/changelog/read.js';
import { ProxySettingError } from '../../src/core/errors.js';
import { parseSettings } from '../../src/core/inputs.js';
import type { Standing } from '../../src/core/listing.js';
import {
  expectedProblem,
  refuseKeyInChangelog,
  unexpectedProblem,
} from '../../src/core/refusals.js';
import type { Resolved } from '../../src/core/release/resolve.js';
import {
  ignoredEventReport,
  type RunReport,
  results,
  rowCells,
  rowsOf,
} from '../../src/core/report.js';
import {
  changelogLine,
  describeOutcome,
  notConfirmed,
  type Target,
  unknownList,
  versionLine,
} from '../../src/core/sentences.js';
import type { Outcome } from '../../src/core/transport/retry.js';
import { SETTING_NAMES, type Words } from '../../src/core/words.js';
import { checkOrder, decideListing } from '../support/plan.js';
import { ROOT } from '../support/runner.js';
import { summaryHtml } from '../support/summary.js';

const KEY = 'mk_test_EXAMPLEKEYcreatorNOTREAL';
/** The words every message below is made in: the action's, unless inCommandWords says otherwise. */
let current: Words = ACTION_WORDS;
const GOOD = { 'listing-id': 'asset-1', 'api-key': KEY, 'base-url': 'https://api.example.com/v1' };

function problemOf(attempt: () => unknown): Problem {
  try {
    attempt();
  } catch (error) {
    const problem = expectedProblem(error);
    if (problem === undefined) throw error;
    return problem;
  }
  throw new Error('it did not throw');
}

/** Each setting's refusals, by the inputs that cause them. */
const REFUSED: Record<string, string>[] = [
  { 'api-key': '' },
  { 'api-key': 'mk_live_\u00e9t\u00e9_1234' },
  { 'api-key': 'short' },
  { 'base-url': '' },
  { 'base-url': 'not a url' },
  { 'base-url': 'ftp://api.example.com' },
  { 'base-url': 'https://user:pw@api.example.com' },
  { 'base-url': 'https://api.example.com/v1?x=1' },
  { 'base-url': 'http://api.example.com' },
  { 'listing-id': '' },
  { 'listing-id': 'a,..' },
  { 'listing-id': 'a,a' },
  { 'dry-run': 'yes' },
  { 'skip-unchanged': 'maybe' },
  { 'if-older': 'later' },
  { 'timeout-seconds': '0' },
  { retries: '11' },
  { 'changelog-max-length': '5' },
  { 'changelog-format': 'HTML' },
  { changelog: 'notes', 'changelog-file': 'CHANGELOG.md' },
];

const reading = (text: string, size = Buffer.byteLength(text)): FileReader => ({
  size: () => size,
  chunks: () => [Buffer.from(text)],
});

const target: Target = {
  listingId: 'asset-1',
  baseUrl: 'https://api.example.com/v1',
  url: 'https://api.example.com/v1/listings/asset-1',
  timeoutMs: 30_000,
  words: ACTION_WORDS,
};
const list: Target = { ...target, request: 'list', url: 'https://api.example.com/v1/listings' };
const proxied: Target = { ...target, proxy: { variable: 'HTTPS_PROXY', host: 'proxy.corp:3128' } };

const answer = (status: number, extra: Partial<Answer> = {}): Answer => ({
  kind: 'answer',
  status,
  location: '',
  retryAfter: '',
  contentType: 'application/json',
  link: '',
  body: JSON.stringify({ error: { message: 'server words' } }),
  cut: false,
  ms: 3,
  ...extra,
});
const outcome = (last: AttemptResult, attempts = 1, tooLongMs?: number): Outcome =>
  tooLongMs === undefined ? { last, attempts } : { last, attempts, tooLongMs };
const failure = (code: string, proxyStatus?: number): AttemptResult =>
  proxyStatus === undefined
    ? { kind: 'failure', code, ms: 4 }
    : { kind: 'failure', code, proxyStatus, ms: 4 };

const STATUSES = [301, 302, 400, 401, 403, 404, 409, 413, 422, 429, 500, 501, 502, 503];

function httpProblems(): Problem[] {
  const problems: (Problem | undefined)[] = [];
  for (const to of [target, list]) {
    for (const status of STATUSES) {
      problems.push(describeOutcome(outcome(answer(status)), { ...to, words: current }));
    }
    problems.push(describeOutcome(outcome(answer(503), 4, 120_000), { ...to, words: current }));
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']) {
      problems.push(describeOutcome(outcome(failure(code), 4), { ...to, words: current }));
    }
    problems.push(describeOutcome(outcome(failure('CERT_HAS_EXPIRED')), { ...to, words: current }));
  }
  for (const [code, status] of [
    ['UND_ERR_ABORTED', 407],
    ['UND_ERR_ABORTED', 403],
    ['UND_ERR_ABORTED', 502],
    ['ECONNREFUSED', undefined],
    ['ETIMEDOUT', undefined],
  ] as const) {
    problems.push(
      describeOutcome(outcome(failure(code, status), 2), { ...proxied, words: current }),
    );
  }
  return problems.filter((problem) => problem !== undefined);
}

const resolved: Resolved = {
  version: '2.0.0',
  versionSource: 'input',
  tag: '',
  changelog: 'Notes',
  changelogSource: 'input',
  cut: { from: 900, to: 300 },
};

function resolutionLines(): string[] {
  const sources: Partial<Resolved>[] = [
    { versionSource: 'input' },
    { versionSource: 'tag', tag: 'v2.0.0' },
    { versionSource: 'release', tag: 'v2.0.0' },
    { versionSource: 'latest-release', tag: 'v2.0.0' },
    { changelogSource: 'file', changelogFile: 'CHANGELOG.md', changelogOf: '2.0.0' },
    { changelogSource: 'release' },
    { changelogSource: 'github', changelogOf: 'v2.0.0' },
    { changelogSource: 'generated' },
  ];
  return sources.flatMap((over) => [
    versionLine({ ...resolved, ...over }, current),
    changelogLine({ ...resolved, ...over }, current),
  ]);
}

/** What the dry run and skip-unchanged say of a listing the list does not show. */
function missingMessages(): Problem[] {
  const decide = (more: boolean, over: Record<string, string>) =>
    decideListing(
      'asset-1',
      { kind: 'missing', more },
      resolved,
      parseSettings({ ...GOOD, ...over }, current),
    );
  const owned = decide(false, { 'dry-run': 'true' });
  return [
    ...(owned.kind === 'fail' ? [owned.problem] : []),
    decide(true, { 'dry-run': 'true' }).note,
    decide(false, { 'skip-unchanged': 'true' }).note,
  ].filter((message) => message !== undefined);
}

function orderMessages(): string[] {
  const listed = (version?: string): Standing => ({
    kind: 'listed',
    listing: { version, changelog: undefined },
  });
  const texts: string[] = [];
  for (const ifOlder of ['skip', 'fail'] as const) {
    const rules = { ifOlder, stripTagPrefix: 'v' };
    const decisions = [
      checkOrder('asset-1', listed('3.0.0'), '2.0.0', rules, current),
      checkOrder('asset-1', listed(), '2.0.0', rules, current),
      checkOrder('asset-1', listed('next'), '2.0.0', rules, current),
      checkOrder('asset-1', { kind: 'missing', more: false }, '2.0.0', rules, current),
    ];
    for (const decision of decisions) {
      if (decision.kind === 'skip')
        texts.push(decision.note?.title ?? '', decision.note?.message ?? '');
      if (decision.kind === 'fail')
        texts.push(decision.problem?.title ?? '', decision.problem?.message ?? '');
      if (decision.kind === 'send' && decision.log) texts.push(decision.log);
    }
  }
  return texts;
}

function stoppedReport(problem: Problem): RunReport {
  return {
    listingIds: ['asset-1', 'asset-2'],
    resolved: undefined,
    dryRun: false,
    list: undefined,
    rows: [],
    notes: [],
    problem,
    elapsedMs: 1,
  };
}

/** Every message of the engine, in the words of the front end that spoke last. */
function everyMessage(): string[] {
  const problems: Problem[] = [
    ...REFUSED.map((inputs) => problemOf(() => parseSettings({ ...GOOD, ...inputs }, current))),
    problemOf(() => parseSettings({ ...GOOD, 'listing-id': ' , ' }, current)),
    problemOf(() =>
      sectionFromFile('C.md', '/repo', '1.2.3', '', { reader: reading('', -1), words: current }),
    ),
    problemOf(() => {
      throw new ProxySettingError('HTTPS_PROXY');
    }),
    problemOf(() =>
      sectionFromFile('C.md', '/repo', '1.2.3', '', {
        reader: reading('x', 11 * 1024 * 1024),
        words: current,
      }),
    ),
    problemOf(() =>
      sectionFromFile('C.md', '/repo', '1.2.3', '', {
        reader: reading('## 0.1.0\n- x\n'),
        words: current,
      }),
    ),
    problemOf(() =>
      sectionFromFile('C.md', '/repo', '1.2.3', '', {
        reader: reading('## 1.2.3\n'),
        words: current,
      }),
    ),
    problemOf(() => refuseKeyInChangelog({ ...resolved, changelog: `see ${KEY}` }, current, KEY)),
    unexpectedProblem(new TypeError('x is undefined')),
    ...httpProblems(),
  ];
  const notes = [
    ...missingMessages(),
    unknownList(list.url, false),
    notConfirmed('asset-1', '1.0.0', '2.0.0'),
    ...ignoredEventReport(['asset-1'], 'Release v2 was deleted').notes,
  ];
  const stopped = problems.map(stoppedReport);
  return [
    ...problems.flatMap((problem) => [problem.title, problem.message]),
    ...notes.flatMap((note) => [note.title, note.message]),
    ...resolutionLines(),
    ...orderMessages(),
    ...stopped.flatMap((report) =>
      rowsOf(report).map((row) => rowCells(row, (code) => code)[0] ?? ''),
    ),
    ...stopped.map((report) => JSON.stringify(results(report))),
    summaryHtml({ ...stoppedReport(problems[0] as Problem), resolved }, undefined, current),
  ];
}

/** `make` in the command's words, then back in the action's. */
function inCommandWords<T>(make: () => T, words = commandWords()): T {
  current = words;
  try {
    return make();
  } finally {
    current = ACTION_WORDS;
  }
}

const ACTION_MESSAGES = everyMessage();
const COMMAND_MESSAGES = inCommandWords(everyMessage);

/** What only the action says. */
const ACTION_ONLY =
  /\bstep\b|job summary|\bworkflows?\b|workflow_dispatch|\bInputs? `|\binputs?\b|\bthe job\b|secrets?\.|`[a-z-]+: [a-z]+`/i;
/** What only the command says: an option, or one of its variables. */
const COMMAND_ONLY = /(^|[\s(`'"])--[a-z]|LISTING_AUTO_DEPLOY_|api-key-file|api-key-stdin/;

describe('every message of the engine, through both front ends', () => {
  it('is many messages, among them one per setting that can be refused', () => {
    expect(ACTION_MESSAGES.length).toBeGreaterThan(150);
    expect(COMMAND_MESSAGES).toHaveLength(ACTION_MESSAGES.length);
    // Any text is a valid version, prefix, changelog or token: they have no refusal of their own.
    const free = ['version', 'strip-tag-prefix', 'changelog', 'github-token'];
    for (const name of SETTING_NAMES.filter((name) => !free.includes(name))) {
      const invalid = ACTION_WORDS.invalid(name);
      expect(ACTION_MESSAGES.some((text) => text.includes(invalid))).toBe(true);
      const named = commandWords().invalid(name);
      expect(COMMAND_MESSAGES.some((text) => text.includes(named))).toBe(true);
    }
  });

  it.each(COMMAND_MESSAGES.map((text, index) => [index, text]))(
    'message %i: the command never says what only the action says',
    (_, text) => {
      expect(text).not.toMatch(ACTION_ONLY);
    },
  );

  it.each(ACTION_MESSAGES.map((text, index) => [index, text]))(
    'message %i: the action never names an option',
    (_, text) => {
      expect(text).not.toMatch(COMMAND_ONLY);
    },
  );

  it('words each setting its own way in each front end', () => {
    const ifOlder = () => problemOf(() => parseSettings({ ...GOOD, 'if-older': 'later' }, current));
    expect(ifOlder()).toEqual({
      title: 'Invalid input: if-older',
      message: 'Input `if-older` must be `skip`, `fail` or `deploy`.',
    });
    expect(inCommandWords(ifOlder)).toEqual({
      title: 'Invalid option: --if-older',
      message: '--if-older must be `skip`, `fail` or `deploy`.',
    });
    const fromVariable = commandWords({
      fromVariable: new Set(['if-older']),
      key: { kind: 'variable' },
    });
    expect(inCommandWords(ifOlder, fromVariable)).toEqual({
      title: 'Invalid variable: LISTING_AUTO_DEPLOY_IF_OLDER',
      message: 'LISTING_AUTO_DEPLOY_IF_OLDER must be `skip`, `fail` or `deploy`.',
    });
    const rollback = (messages: string[]) => messages.find((text) => text.includes('roll it back'));
    expect(rollback(orderMessages())).toContain(
      'run the step with `if-older: deploy` (for instance from `workflow_dispatch` with a `version` input)',
    );
    expect(inCommandWords(() => rollback(orderMessages()))).toContain(
      'run the command with --if-older deploy and --release-version <version>',
    );
    expect(
      inCommandWords(() => versionLine({ ...resolved, versionSource: 'input' }, current)),
    ).toBe('Version "2.0.0" from --release-version');
    expect(versionLine({ ...resolved, versionSource: 'input' }, current)).toBe(
      'Version "2.0.0" from the `version` input',
    );
  });

  it.each<[KeySource, string, string]>([
    [{ kind: 'variable' }, 'The key (MARKETPLACE_API_KEY)', 'MARKETPLACE_API_KEY'],
    [
      { kind: 'file', path: 'k' },
      'The key (the key file (--api-key-file))',
      'the key file (--api-key-file)',
    ],
    [
      { kind: 'stdin' },
      'The key (the key from standard input (--api-key-stdin))',
      'what --api-key-stdin reads',
    ],
  ])('names the key by where the command read it: %j', (key, subject, home) => {
    const words = commandWords({ fromVariable: new Set(), key });
    expect(words.subject('api-key')).toBe(subject);
    expect(words.keyHome).toBe(home);
    expect(words.invalid('api-key')).toBe('Invalid API key');
    expect(words.invalid('base-url')).toBe('Invalid option: --base-url');
    expect(words.source('version')).toBe('--release-version');
    expect(words.assign('if-older', 'deploy')).toBe('--if-older deploy');
    expect(words.name('github-token')).toBe('github-token');
  });

  it('names the key by its variable unless told otherwise', () => {
    expect(commandWords().subject('api-key')).toBe('The key (MARKETPLACE_API_KEY)');
    expect(commandWords().keyHome).toBe('MARKETPLACE_API_KEY');
  });

  it('names a setting from its variable wherever the command read it so', () => {
    const words = commandWords({ fromVariable: new Set(['version']), key: { kind: 'variable' } });
    expect(words.source('version')).toBe('LISTING_AUTO_DEPLOY_RELEASE_VERSION');
    expect(words.invalid('version')).toBe('Invalid variable: LISTING_AUTO_DEPLOY_RELEASE_VERSION');
    // A flag is always written as a flag, in a suggestion of what to run.
    expect(words.assign('version', '1.0.0')).toBe('--release-version 1.0.0');
  });

  it("names settings in the action's words, as a workflow writes them", () => {
    expect(
      (['name', 'subject', 'invalid', 'source'] as const).map((form) =>
        ACTION_WORDS[form]('retries'),
      ),
    ).toEqual(['`retries`', 'Input `retries`', 'Invalid input: retries', 'the `retries` input']);
    expect(ACTION_WORDS.assign('if-older', 'deploy')).toBe('`if-older: deploy`');
  });
});

/** String literals and template texts of a module, without its comments. */
function literals(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const moduleName =
      ts.isImportDeclaration(node.parent) ||
      ts.isExportDeclaration(node.parent) ||
      (ts.isCallExpression(node.parent) &&
        node.parent.expression.kind === ts.SyntaxKind.ImportKeyword);
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !moduleName) {
      found.push(node.text);
    } else if (ts.isTemplateExpression(node)) {
      found.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text));
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return found;
}

/** Texts of the engine that may look like a front end's words, and are not messages. */
const NOT_MESSAGES = new Set([
  // The collapsed changelog of the job summary, an HTML element.
  '<details><summary>Changelog (',
  '</summary>',
  // V8 flags (wasm-tiering.ts), never printed.
  '--wasm-tiering-budget=2000000000',
  '--wasm-tiering-budget=13000000',
  // What the generated changelog calls the run's page when the front end says nothing.
  'Workflow run',
  // The settings' and the words' own names.
  'input',
  'github-token',
  'name',
  'subject',
  'invalid',
  'source',
]);

describe("the engine's texts", () => {
  const dir = join(ROOT, 'src', 'core');
  const files = readdirSync(dir).filter((name) => name.endsWith('.ts'));

  it.each(files)('%s holds no words of one front end', (name) => {
    const texts = literals(join(dir, name)).filter((text) => !NOT_MESSAGES.has(text));
    const setting = new RegExp(`\`(${SETTING_NAMES.join('|')})\``);
    for (const text of texts) {
      expect(text).not.toMatch(ACTION_ONLY);
      expect(text).not.toMatch(COMMAND_ONLY);
      // A setting in backticks is the action's way to name it: a marker says it instead.
      expect(text).not.toMatch(setting);
    }
  });
});
