// The debug log's lines for what the step decides about the listings: every line each function can
// write, whole, for each fact it is made of.
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../../src/core/inputs.js';
import {
  listAnswerLine,
  listDecisionLine,
  listingDecisionLine,
  readBackLine,
} from '../../../src/core/marketplace/debug-decisions.js';
import type { ListingDecision } from '../../../src/core/marketplace/decide.js';
import type { ListingsAnswer, Standing } from '../../../src/core/marketplace/listings.js';

const KEY = 'mk_test_0123456789abcdef';
const settingsOf = (inputs: Record<string, string>) =>
  parseSettings({
    'listing-id': 'asset-1',
    'api-key': KEY,
    'base-url': 'https://api.marketplace.example/v1',
    ...inputs,
  });

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

describe("listingDecisionLine: one listing's facts and decision", () => {
  const SEND: ListingDecision = { kind: 'send', previousVersion: null };
  const problem = { title: 'Older version', message: 'not sent' };
  it.each<[Standing | undefined, ListingDecision, string]>([
    [undefined, SEND, 'the list was not read; sent'],
    [{ kind: 'unknown' }, SEND, 'the list could not be read as listings; sent'],
    [{ kind: 'missing', more: true }, SEND, 'not on the pages of the list read; sent'],
    [{ kind: 'missing', more: false }, SEND, 'not in the list; sent'],
    [
      { kind: 'listed', listing: { version: undefined, changelog: undefined } },
      SEND,
      'listed, with no version; sent',
    ],
    [
      { kind: 'listed', listing: { version: '1.2.3', changelog: undefined } },
      { kind: 'skip', why: 'unchanged', previousVersion: '1.2.3' },
      'listed at "1.2.3"; skipped (unchanged)',
    ],
    [
      { kind: 'listed', listing: { version: '3.0.0', changelog: undefined } },
      { kind: 'fail', why: 'older than 3.0.0', problem, older: true, previousVersion: '3.0.0' },
      'listed at "3.0.0"; failed (older than 3.0.0)',
    ],
    [
      { kind: 'missing', more: false },
      { kind: 'fail', why: '', problem, older: false, previousVersion: null },
      'not in the list; failed (Older version)',
    ],
  ])('%j, %j', (standing, decision, said) => {
    expect(listingDecisionLine('asset-1', standing, decision)).toBe(`Listing "asset-1": ${said}.`);
  });

  it('an id is quoted as JSON: a quote or a line break in it stays on one line', () => {
    expect(listingDecisionLine('a"b\nc', undefined, SEND)).toBe(
      'Listing "a\\"b\\nc": the list was not read; sent.',
    );
  });
});

describe('readBackLine: why listings are read back', () => {
  const LOST = 'an answer to an update was lost, so it may have been applied';
  it.each<[string[], number | undefined, string]>([
    [
      ['asset-1'],
      undefined,
      `Read back "asset-1": ${LOST}; one GET of the list, with at most one retry.`,
    ],
    [
      ['asset-1', '1001'],
      undefined,
      `Read back "asset-1", "1001": ${LOST}; one GET of the list, with at most one retry.`,
    ],
    [
      ['asset-1'],
      0,
      `Read back "asset-1": ${LOST}; no GET: the marketplace asked to wait (Retry-After).`,
    ],
    [['a'], 30_000, `Read back "a": ${LOST}; no GET: the marketplace asked to wait (Retry-After).`],
  ])('%j, wait %j', (ids, waitMs, line) => {
    expect(readBackLine(ids, waitMs)).toBe(line);
  });
});
