// One listing's plan and what is said of it, in one object, for the tables of the plan's tests.

import { ACTION_WORDS } from '../../src/action/words.js';
import { parseSettings, type Settings } from '../../src/core/inputs.js';
import type { Standing } from '../../src/core/listing.js';
import { planListing } from '../../src/core/marketplace/plan.js';
import type { Resolved } from '../../src/core/release/resolve.js';
import { planSentences } from '../../src/core/sentences.js';
import type { Words } from '../../src/core/words.js';
import { KEYS } from './emulator.js';

/** The plan told as one decision: `kind`, the version shown, and what is said of it. */
export function decideListing(
  listingId: string,
  standing: Standing | undefined,
  resolved: Resolved,
  settings: Settings,
) {
  const plan = planListing(standing, resolved, settings);
  const { debug: _, why, ...said } = planSentences(plan, listingId, settings, resolved);
  const kind = plan.action;
  return {
    kind,
    previousVersion: plan.previousVersion,
    ...(kind === 'send' ? {} : { why: why ?? '' }),
    ...(kind === 'fail' ? { older: plan.reason !== 'not-owned' } : {}),
    ...said,
  };
}

export type ListingDecision = ReturnType<typeof decideListing>;

/** The order check alone: one listing, `version` to send, the list read, no other setting. */
export function checkOrder(
  listingId: string,
  standing: Standing | undefined,
  version: string,
  rules: { readonly ifOlder: 'deploy' | 'skip' | 'fail'; readonly stripTagPrefix: string },
  words: Words = ACTION_WORDS,
) {
  const settings = parseSettings(
    {
      'listing-id': listingId,
      'api-key': KEYS.creator,
      'base-url': 'https://api.example.com/v1',
      'if-older': rules.ifOlder,
      'strip-tag-prefix': rules.stripTagPrefix,
    },
    words,
  );
  const resolved: Resolved = {
    version,
    versionSource: 'input',
    tag: '',
    changelog: 'Notes',
    changelogSource: 'input',
  };
  const { previousVersion: _, ...decision } = decideListing(
    listingId,
    standing,
    resolved,
    settings,
  );
  return decision;
}

/** The debug line of one listing's plan. */
export function decisionLine(
  listingId: string,
  standing: Standing | undefined,
  over: Record<string, string> = {},
  version = '2.0.0',
): string {
  const settings = parseSettings(
    {
      'listing-id': listingId,
      'api-key': KEYS.creator,
      'base-url': 'https://api.example.com/v1',
      ...over,
    },
    ACTION_WORDS,
  );
  const resolved: Resolved = {
    version,
    versionSource: 'input',
    tag: '',
    changelog: 'Notes',
    changelogSource: 'input',
  };
  return planSentences(planListing(standing, resolved, settings), listingId, settings, resolved)
    .debug;
}
