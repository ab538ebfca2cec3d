// What a person reads on standard error: guarded, one line per line, colour only when asked.
import { describe, expect, it } from 'vitest';
import { printable, printableJson, Terminal } from '../../src/cli/terminal.js';
import { makeGuard } from '../../src/core/guard/guard.js';
import type { RunReport } from '../../src/core/report.js';

const KEY = 'mk_test_EXAMPLEKEYcreatorNOTREAL';

function sink(isTTY = false) {
  const written: string[] = [];
  return { written, output: { isTTY, write: (text: string) => written.push(text) } };
}

const report = (over: Partial<RunReport> = {}): RunReport => ({
  listingIds: ['asset-1', 'asset-2'],
  resolved: undefined,
  dryRun: false,
  list: undefined,
  rows: [
    {
      listingId: 'asset-1',
      state: 'sent',
      outcome: {
        attempts: 1,
        last: {
          kind: 'answer',
          status: 200,
          body: '',
          contentType: '',
          location: '',
          retryAfter: '',
          link: '',
          ms: 5,
          cut: false,
        },
      } as never,
      problem: undefined,
      why: '',
      previousVersion: null,
      elapsedMs: 12,
    },
  ],
  notes: [{ level: 'warning', title: 'Heads up', message: 'Something to know' }],
  problem: { title: 'Stopped', message: 'Why it stopped' },
  elapsedMs: 20,
  ...over,
});

describe('colour', () => {
  it.each<[boolean, Record<string, string>, boolean]>([
    [true, {}, true],
    [true, { NO_COLOR: '1' }, false],
    [true, { NO_COLOR: 'false' }, false],
    [true, { NO_COLOR: '' }, true],
    [false, {}, false],
  ])('on a terminal %s with %j: %s', (isTTY, env, expected) => {
    const out = sink(isTTY);
    new Terminal(out.output, env).line('failed', 'error');
    expect(out.written).toEqual([expected ? '\u001b[31mfailed\u001b[0m\n' : 'failed\n']);
  });
});

describe('printable', () => {
  it.each<[string, string]>([
    ['plain', 'plain'],
    ['two\nlines', 'two lines'],
    ['\u001b[2Jclear', '\uFFFD[2Jclear'],
    ['tab\there', 'tab\uFFFDhere'],
    ['::error::x', ': :error::x'],
    ['a ##[error] b', 'a #\\u0023[error] b'],
    ['\u009b31m', '\uFFFD31m'],
  ])('%j is shown as %j', (text, shown) => {
    expect(printable(text)).toBe(shown);
  });
});

describe('Terminal', () => {
  it("withholds a line holding a part of the variable's key, then of the key read", () => {
    const plain = sink();
    const terminal = new Terminal(plain.output, { MARKETPLACE_API_KEY: KEY });
    terminal.line(`echo ${KEY.slice(4, 20)}`, 'error');
    terminal.guard(' mk_live_THEKEYREADFROMAFILE\n');
    terminal.line(`echo ${KEY.slice(4, 20)}`);
    terminal.line('echo mk_live_THEKEYREAD');
    expect(plain.written).toEqual([
      '[withheld: this text contained part of the API key]\n',
      `echo ${KEY.slice(4, 20)}\n`,
      '[withheld: this text contained part of the API key]\n',
    ]);
    expect(terminal.redact(KEY)).toBe(KEY);
  });

  it('hands the step one guard that follows the key read, its finding said as data', () => {
    const terminal = new Terminal(sink().output, { MARKETPLACE_API_KEY: KEY });
    const { redact } = terminal;
    expect(redact.secretIn(`/next?k=${KEY.slice(8, 24)}`)).toBe('the API key');
    terminal.guard('mk_live_THEKEYREADFROMAFILE');
    expect(redact.secretIn(`/next?k=${KEY.slice(8, 24)}`)).toBeUndefined();
    expect(redact.secretIn('/next?k=THEKEYREADFROMAFILE')).toBe('the API key');
    expect(redact('THEKEYREADFROMAFILE')).toBe(
      '[withheld: this text contained part of the API key]',
    );
  });

  it('prints the debug log dim, guarded, and only when asked', () => {
    const out = sink(true);
    const terminal = new Terminal(out.output, { MARKETPLACE_API_KEY: KEY });
    expect(terminal.debug(false)).toBeUndefined();
    terminal.debug(true)?.('GET https://api.example/listings');
    terminal.debug(true)?.(`> x-api-key: ${KEY}`);
    expect(out.written).toEqual([
      '\u001b[2mdebug: GET https://api.example/listings\u001b[0m\n',
      '\u001b[2m[withheld: this text contained part of the API key]\u001b[0m\n',
    ]);
  });

  it('colours each style on a terminal', () => {
    const coloured = sink(true);
    const terminal = new Terminal(coloured.output, {});
    terminal.line('failed', 'error');
    terminal.line('careful', 'warning');
    terminal.line('done', 'ok');
    terminal.line('plain');
    expect(coloured.written).toEqual([
      '\u001b[31mfailed\u001b[0m\n',
      '\u001b[33mcareful\u001b[0m\n',
      '\u001b[32mdone\u001b[0m\n',
      'plain\n',
    ]);
  });

  it('prints the problems, the notes and a table with a row per listing', () => {
    const out = sink();
    new Terminal(out.output, {}).finish(report());
    const lines = out.written.join('').split('\n');
    expect(lines).toEqual([
      'error: Stopped',
      '  Why it stopped',
      'warning: Heads up',
      '  Something to know',
      '',
      'Listing  Result                  HTTP status  Attempts  Time',
      'asset-1  Updated                 200          1         12 ms',
      'asset-2  Not attempted: Stopped  —            0         —',
      '',
    ]);
  });

  it('shows a dash for the status of a listing that got no answer, and the cause in its result', () => {
    const out = sink();
    const failed = report({
      listingIds: ['asset-1'],
      notes: [],
      problem: undefined,
      rows: [
        {
          listingId: 'asset-1',
          state: 'sent',
          outcome: { attempts: 4, last: { kind: 'failure', code: 'ECONNREFUSED', ms: 3 } } as never,
          problem: { title: 'Marketplace unreachable', message: 'Could not reach it.' },
          why: '',
          previousVersion: null,
          elapsedMs: 40,
        },
      ],
    });
    new Terminal(out.output, {}).finish(failed);
    const lines = out.written.join('').split('\n');
    expect(lines.slice(-3)).toEqual([
      'Listing  Result                           HTTP status  Attempts  Time',
      'asset-1  Failed: Marketplace unreachable  —            4         40 ms',
      '',
    ]);
    expect(out.written.join('')).not.toMatch(/ECONNREFUSED/);
  });

  it('colours the table on a terminal: the head dim, an updated row green, the others plain', () => {
    const out = sink(true);
    new Terminal(out.output, {}).finish(report({ notes: [] }));
    const lines = out.written.join('').split('\n');
    expect(lines[0]).toBe('\u001b[31merror: Stopped\u001b[0m');
    const ESC = '\u001b';
    expect(lines[3]?.startsWith(`${ESC}[2mListing `)).toBe(true);
    expect(lines[4]?.startsWith(`${ESC}[32masset-1  Updated `)).toBe(true);
    expect(lines[4]?.endsWith(`${ESC}[0m`)).toBe(true);
    expect(lines[5]).toMatch(/^asset-2 +Not attempted/);
  });

  it('prints no table when no listing is known', () => {
    const out = sink();
    new Terminal(out.output, {}).finish(
      report({ listingIds: [], rows: [], notes: [], problem: { title: 'Usage', message: 'm' } }),
    );
    expect(out.written.join('')).toBe('error: Usage\n  m\n');
  });
});

describe('printableJson', () => {
  it('guards each string on its own and reads back as the same value otherwise', () => {
    const guard = makeGuard([{ name: 'the API key', value: KEY }]);
    const value = [
      { id: 'asset-1', error: `echoed ${KEY}`, attempts: 2, updated: false, version: null },
    ];
    const json = printableJson(value, guard);
    expect(json.endsWith('\n')).toBe(true);
    expect(json).not.toContain(KEY.slice(8, 16));
    expect(JSON.parse(json)).toEqual([
      { ...value[0], error: '[withheld: this text contained part of the API key]' },
    ]);
  });

  it('escapes what could act as a workflow command or drive a terminal', () => {
    const json = printableJson({ text: '##[error]x\u009b\u2028' }, (text) => text);
    expect(json).toBe('{\n  "text": "#\\u0023[error]x\\u009b\\u2028"\n}\n');
    expect(JSON.parse(json)).toEqual({ text: '##[error]x\u009b\u2028' });
  });
});
