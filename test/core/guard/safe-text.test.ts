import { describe, expect, it } from 'vitest';
import {
  commandFree,
  cutUtf8,
  escapeHtml,
  quote,
  verbatimBlock,
} from '../../../src/core/guard/safe-text.js';
import { parseCommands } from '../../support/runner.js';

const ATTACKS = [
  '::set-output name=updated::true',
  '  ::error::injected',
  '::add-mask::x',
  'text ##[set-output name=x]y',
  '##[error]injected',
  'line\n::warning::second line',
  'line\r::warning::after CR',
  '::stop-commands::x',
];

describe('quote', () => {
  it.each(ATTACKS)('makes %j inert inside a log line', (text) => {
    const line = `Version ${quote(text)}`;
    expect(parseCommands(line)).toEqual([]);
    expect(line.split('\n')).toHaveLength(1);
  });

  it('is a JSON string literal of the same text', () => {
    for (const text of [...ATTACKS, 'plain', 'ünï ✓', '\u0000\u001b']) {
      expect(JSON.parse(quote(text))).toBe(text);
    }
  });
});

describe('commandFree', () => {
  it.each(ATTACKS)('makes %j inert as a whole line', (text) => {
    const line = commandFree(text);
    expect(parseCommands(line)).toEqual([]);
    expect(line).not.toMatch(/[\r\n]/);
  });

  it.each([
    ['\u0085::error::x', '\u0085: :error::x'],
    ['\u00a0 ::error::x', '\u00a0 : :error::x'],
    ['a\u2028::error::x', 'a ::error::x'],
    ['a\r\n\n::error::x', 'a ::error::x'],
  ])('breaks up %j, which the runner trims to a command', (text, expected) => {
    expect(commandFree(text)).toBe(expected);
    expect(parseCommands(commandFree(text))).toEqual([]);
  });

  it('leaves :: inside a line alone', () => {
    expect(commandFree('time 10::20 ok')).toBe('time 10::20 ok');
  });

  it('leaves ordinary lines alone', () => {
    expect(commandFree('PATCH https://x/v1/listings/a: HTTP 200 in 3 ms')).toBe(
      'PATCH https://x/v1/listings/a: HTTP 200 in 3 ms',
    );
  });
});

describe('verbatimBlock', () => {
  it('prints the text unchanged between stop-commands and its token', () => {
    const text = ATTACKS.join('\n');
    const lines = verbatimBlock(text, 'tok123');
    expect(lines[0]).toBe('::stop-commands::tok123');
    expect(lines.at(-1)).toBe('::tok123::');
    expect(lines.slice(1, -1).join('\n')).toBe(text.replace('\r', '\n'));
    expect(parseCommands(lines.join('\n'))).toEqual([]);
  });

  it('uses a fresh random token each time', () => {
    const a = verbatimBlock('x')[0];
    const b = verbatimBlock('x')[0];
    expect(a).toMatch(/^::stop-commands::[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });
});

describe('escapeHtml', () => {
  it('escapes markup and table pipes', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y' | z`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39; &#124; z',
    );
  });
});

describe('cutUtf8', () => {
  it.each([
    ['short', 10, 'short'],
    ['abcdef', 3, 'abc'],
    ['aé', 2, 'a'],
    ['aé', 3, 'aé'],
    ['a✓b', 3, 'a'],
    ['a😀', 4, 'a'],
    ['a😀', 5, 'a😀'],
    ['abc', 0, ''],
    ['\ud800abc', 3, '\ud800'],
  ])('%j to %i bytes → %j', (text, max, expected) => {
    expect(cutUtf8(text, max)).toBe(expected);
  });
});
