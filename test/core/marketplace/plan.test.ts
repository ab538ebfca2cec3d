// The one decision per listing, shared by the dry run and the update: pure, table-driven.

import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { parseSettings } from '../../../src/core/inputs.js';
import type { Standing } from '../../../src/core/listing.js';
import { planListing } from '../../../src/core/marketplace/plan.js';
import type { Resolved } from '../../../src/core/release/resolve.js';
import { KEYS } from '../../support/emulator.js';
import { decideListing, type ListingDecision } from '../../support/plan.js';

const resolved: Resolved = {
  version: '2.0.0',
  versionSource: 'input',
  tag: '',
  changelog: 'Notes',
  changelogSource: 'input',
};

const LIST = 'https://api.example.com/v1/listings';
/** What the dry run and skip-unchanged say of a listing the list does not show, in exact words. */
const NOT_OWNED = {
  title: 'Listing not owned by the key',
  message:
    'Listing "asset-1" is not among the listings this key\'s account owns ' +
    `(GET ${LIST}). Check \`listing-id\`, and use a key created by the account that owns the listing.`,
};
const NOT_IN_PAGES_READ = {
  level: 'warning' as const,
  title: 'Ownership not confirmed',
  message:
    'Listing "asset-1" is not on the pages read of the listings this key\'s account owns, and ' +
    'the list has more pages (the log says why they were not read): its ownership was not confirmed.',
};
const NOT_IN_LIST = {
  level: 'notice' as const,
  title: 'Listing not in the list',
  message:
    'Listing "asset-1" is not in the list of listings this key\'s account owns, ' +
    'so whether it is current is not known: it is updated.',
};

const settings = (over: Record<string, string> = {}) =>
  parseSettings(
    {
      'listing-id': 'asset-1',
      'api-key': KEYS.creator,
      'base-url': 'https://api.example.com/v1',
      ...over,
    },
    ACTION_WORDS,
  );

const listed = (version?: string, changelog?: string): Standing => ({
  kind: 'listed',
  listing: { version, changelog },
});
const missing = (more = false): Standing => ({ kind: 'missing', more });
const unknown: Standing = { kind: 'unknown' };

const decide = (standing: Standing | undefined, over: Record<string, string> = {}) =>
  decideListing('asset-1', standing, resolved, settings(over));

const ORDER_UNCHECKED =
  'Listing "asset-1" is not in the list: the order of versions was not checked.';

describe('decideListing', () => {
  it.each<[string, Standing | undefined, Record<string, string>, ListingDecision]>([
    ['no list read', undefined, { 'if-older': 'deploy' }, { kind: 'send', previousVersion: null }],
    [
      'no list read, dry run',
      undefined,
      { 'dry-run': 'true' },
      { kind: 'send', previousVersion: null },
    ],
    [
      'no list read, skip-unchanged',
      undefined,
      { 'skip-unchanged': 'true' },
      { kind: 'send', previousVersion: null },
    ],
    ['an unknown shape', unknown, {}, { kind: 'send', previousVersion: null }],
    ['a newer version', listed('1.9.0'), {}, { kind: 'send', previousVersion: '1.9.0' }],
    [
      'the same version, without skip-unchanged',
      listed('2.0.0', 'Notes'),
      {},
      { kind: 'send', previousVersion: '2.0.0' },
    ],
    [
      'the same version, another changelog',
      listed('2.0.0', 'Other'),
      { 'skip-unchanged': 'true' },
      { kind: 'send', previousVersion: '2.0.0' },
    ],
    [
      'no version shown',
      listed(undefined),
      {},
      {
        kind: 'send',
        previousVersion: null,
        log: 'Listing "asset-1" shows no version: the order of versions was not checked.',
      },
    ],
    [
      'missing from the list',
      missing(),
      {},
      { kind: 'send', previousVersion: null, log: ORDER_UNCHECKED },
    ],
    [
      'missing, with skip-unchanged',
      missing(),
      { 'skip-unchanged': 'true' },
      { kind: 'send', previousVersion: null, log: ORDER_UNCHECKED, note: NOT_IN_LIST },
    ],
    [
      'missing, with skip-unchanged and if-older: deploy',
      missing(),
      { 'skip-unchanged': 'true', 'if-older': 'deploy' },
      { kind: 'send', previousVersion: null, note: NOT_IN_LIST },
    ],
    [
      'current, with skip-unchanged',
      listed('2.0.0', 'Notes'),
      { 'skip-unchanged': 'true' },
      {
        kind: 'skip',
        previousVersion: '2.0.0',
        why: 'already at 2.0.0',
        log: 'Listing "asset-1" is already at "2.0.0": skipped.',
      },
    ],
    [
      'current, dry run: no log, it is what would happen',
      listed('2.0.0'),
      { 'skip-unchanged': 'true', 'dry-run': 'true' },
      { kind: 'skip', previousVersion: '2.0.0', why: 'already at 2.0.0' },
    ],
    [
      'older, if-older: skip',
      listed('2.1.0'),
      {},
      {
        kind: 'skip',
        previousVersion: '2.1.0',
        why: 'shows 2.1.0, newer than 2.0.0',
        note: {
          level: 'notice',
          title: 'Not sent: older than the listing',
          message: 'Listing asset-1 shows 2.1.0, newer than 2.0.0: not sent.',
        },
      },
    ],
    [
      'older, if-older: skip, dry run: no notice',
      listed('2.1.0'),
      { 'dry-run': 'true' },
      { kind: 'skip', previousVersion: '2.1.0', why: 'shows 2.1.0, newer than 2.0.0' },
    ],
    [
      'older, if-older: deploy',
      listed('2.1.0'),
      { 'if-older': 'deploy' },
      { kind: 'send', previousVersion: '2.1.0' },
    ],
    [
      'missing from a page, dry run',
      missing(true),
      { 'dry-run': 'true' },
      { kind: 'send', previousVersion: null, note: NOT_IN_PAGES_READ },
    ],
    [
      'missing from a complete list, dry run',
      missing(),
      { 'dry-run': 'true' },
      {
        kind: 'fail',
        previousVersion: null,
        why: '',
        problem: NOT_OWNED,
        older: false,
      },
    ],
  ])('%s', (_, standing, over, expected) => {
    expect(decide(standing, over)).toEqual(expected);
  });

  it('older, if-older: fail: fails it, whether dry run or not', () => {
    for (const dryRun of ['false', 'true']) {
      expect(decide(listed('2.1.0'), { 'if-older': 'fail', 'dry-run': dryRun })).toMatchObject({
        kind: 'fail',
        previousVersion: '2.1.0',
        why: 'shows 2.1.0, newer than 2.0.0',
        older: true,
        problem: { title: 'Older than the listing' },
      });
    }
  });

  it('a generated changelog is compared on the version alone', () => {
    const decision = decideListing(
      'asset-1',
      listed('2.0.0', 'Older generated text'),
      { ...resolved, changelogSource: 'generated' },
      settings({ 'skip-unchanged': 'true' }),
    );
    expect(decision).toMatchObject({ kind: 'skip', why: 'already at 2.0.0' });
  });

  it('among several listings, titles name the listing', () => {
    const several = { 'listing-id': 'asset-1,asset-2' };
    expect(decide(missing(), { ...several, 'dry-run': 'true' })).toMatchObject({
      problem: { title: 'Listing asset-1: Listing not owned by the key' },
    });
    expect(decide(missing(true), { ...several, 'dry-run': 'true' })).toMatchObject({
      note: { title: 'Listing asset-1: Ownership not confirmed' },
    });
    expect(decide(missing(), { ...several, 'skip-unchanged': 'true' })).toMatchObject({
      note: { title: 'Listing asset-1: Listing not in the list' },
    });
    expect(decide(listed('2.1.0'), { ...several, 'if-older': 'fail' })).toMatchObject({
      problem: { title: 'Listing asset-1: Older than the listing' },
    });
  });
});

describe('planListing: what is done with a listing, and why, as data', () => {
  it.each<[string, Standing | undefined, Record<string, string>, string, string]>([
    ['no list read', undefined, { 'if-older': 'deploy' }, 'send', 'none'],
    ['a newer version', listed('1.9.0'), {}, 'send', 'none'],
    ['the same version, if-older: fail', listed('2.0.0'), { 'if-older': 'fail' }, 'send', 'none'],
    ['current', listed('2.0.0', 'Notes'), { 'skip-unchanged': 'true' }, 'skip', 'current'],
    ['older, skipped', listed('2.1.0'), {}, 'skip', 'older'],
    ['older, failed', listed('2.1.0'), { 'if-older': 'fail' }, 'fail', 'older'],
    ['no version', listed(undefined), {}, 'send', 'no-version'],
    ['not a version', listed('next'), {}, 'send', 'unorderable'],
    ['not a version, fail', listed('next'), { 'if-older': 'fail' }, 'fail', 'unorderable'],
    ['not in the list', missing(), {}, 'send', 'not-listed'],
    ['an unknown list, fail', unknown, { 'if-older': 'fail' }, 'fail', 'unknown-list'],
    ['dry run, not owned', missing(), { 'dry-run': 'true' }, 'fail', 'not-owned'],
    ['dry run, more pages', missing(true), { 'dry-run': 'true' }, 'send', 'ownership-unsure'],
  ])('%s: %s, %s', (_, standing, over, action, reason) => {
    const plan = planListing(standing, resolved, settings(over));
    expect(plan).toMatchObject({ action, reason, standing });
  });

  it.each([
    [{ version: '2.0.0', changelog: 'Notes' }, '2.0.0', 'Notes', 'skip'],
    [{ version: '2.0.0', changelog: 'Notes' }, '2.0.0', 'Other notes', 'send'],
    [{ version: '2.0.0', changelog: undefined }, '2.0.0', 'Notes', 'skip'],
    [{ version: '2.0.0', changelog: 'Notes' }, '2.0.1', 'Notes', 'send'],
    [{ version: 'v2.0.0', changelog: 'Notes' }, '2.0.0', 'Notes', 'send'],
    [{ version: undefined, changelog: 'Notes' }, '2.0.0', 'Notes', 'send'],
  ])('skip-unchanged: %j against %s and %j: %s', (listing, version, changelog, action) => {
    const sent = { ...resolved, version, changelog };
    const only = settings({ 'skip-unchanged': 'true', 'if-older': 'deploy' });
    expect(planListing({ kind: 'listed', listing }, sent, only).action).toBe(action);
  });

  it('names the text that does not read as a version', () => {
    expect(planListing(listed('next'), resolved, settings()).unorderable).toBe('next');
    const sent = { ...resolved, version: 'v2 beta' };
    expect(planListing(listed('1.0.0'), sent, settings()).unorderable).toBe('v2 beta');
  });
});
