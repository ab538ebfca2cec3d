// The debug log's lines for what the step decides about the listings: every line each function can
// write, whole, for each fact it is made of.

import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { parseSettings } from '../../../src/core/inputs.js';
import type { ListingsAnswer, Standing } from '../../../src/core/listing.js';
import { listAnswerLine, listDecisionLine } from '../../../src/core/sentences.js';
import { decisionLine } from '../../support/plan.js';

const KEY = 'mk_test_0123456789abcdef';
const settingsOf = (inputs: Record<string, string>) =>
  parseSettings(
    {
      'listing-id': 'asset-1',
      'api-key': KEY,
      'base-url': 'https://api.marketplace.example/v1',
      ...inputs,
    },
    ACTION_WORDS,
  );

const FIRST = 'The list of listings is read first: ';

describe('listDecisionLine: why the list is read, or not', () => {
  it.each<[Record<string, string>, string]>([
    [{ 'dry-run': 'true', 'if-older': 'deploy' }, 'the dry run checks the listings against it'],
    [
      { 'skip-unchanged': 'true', 'if-older': 'deploy' },
      'skip-unchanged compares each listing with it',
    ],
    [{ 'if-older': 'skip' }, 'if-older is skip: the order of versions is checked'],
    [{ 'if-older': 'fail' }, 'if-older is fail: the order of versions is checked'],
    [
      { 'dry-run': 'true', 'skip-unchanged': 'true', 'if-older': 'fail' },
      'the dry run checks the listings against it; skip-unchanged compares each listing with it; ' +
        'if-older is fail: the order of versions is checked',
    ],
    [
      { 'dry-run': 'true', 'if-older': 'skip' },
      'the dry run checks the listings against it; if-older is skip: the order of versions is checked',
    ],
  ])('%j: %s', (inputs, why) => {
    const line = listDecisionLine(settingsOf(inputs), true);
    expect(line).toBe(`${FIRST}${why}.`);
    expect(line).not.toContain(KEY.slice(0, 8));
  });

  it('not sent: the two settings that would ask for it', () => {
    expect(listDecisionLine(settingsOf({ 'if-older': 'deploy' }), false)).toBe(
      'The list of listings is not read: skip-unchanged is false and if-older is deploy.',
    );
  });
});

describe('listAnswerLine: what the list told', () => {
  const listed = (size: number, more: boolean): ListingsAnswer => ({
    kind: 'list',
    listings: new Map(
      Array.from({ length: size }, (_, i) => [`a${i}`, { version: '1.0.0', changelog: undefined }]),
    ),
    more,
  });
  it.each<[ListingsAnswer, string]>([
    [{ kind: 'unknown' }, 'The list read is not in a shape this tool knows.'],
    [listed(0, false), 'The list read holds 0 listing(s).'],
    [listed(3, false), 'The list read holds 3 listing(s).'],
    [listed(2, true), 'The list read holds 2 listing(s), and it says more pages exist.'],
  ])('%#: %s', (answer, line) => {
    expect(listAnswerLine(answer)).toBe(line);
  });
});

describe("a plan's debug line: one listing's facts and what is done", () => {
  const listed = (version?: string): Standing => ({
    kind: 'listed',
    listing: { version, changelog: undefined },
  });
  it.each<[Standing | undefined, Record<string, string>, string]>([
    [undefined, {}, 'the list was not read; sent'],
    [{ kind: 'unknown' }, {}, 'the list could not be read as listings; sent'],
    [{ kind: 'missing', more: true }, {}, 'not on the pages of the list read; sent'],
    [{ kind: 'missing', more: false }, {}, 'not in the list; sent'],
    [listed(), {}, 'listed, with no version; sent'],
    [
      listed('2.0.0'),
      { 'skip-unchanged': 'true' },
      'listed at "2.0.0"; skipped (already at 2.0.0)',
    ],
    [
      listed('3.0.0'),
      { 'if-older': 'fail' },
      'listed at "3.0.0"; failed (shows 3.0.0, newer than 2.0.0)',
    ],
    [
      { kind: 'missing', more: false },
      { 'dry-run': 'true' },
      'not in the list; failed (Listing not owned by the key)',
    ],
  ])('%j, %j', (standing, over, said) => {
    expect(decisionLine('asset-1', standing, over)).toBe(`Listing "asset-1": ${said}.`);
  });

  it('an id is quoted as JSON: a quote or a line break in it stays on one line', () => {
    expect(decisionLine('a"b\nc', undefined)).toBe(
      'Listing "a\\"b\\nc": the list was not read; sent.',
    );
  });
});
