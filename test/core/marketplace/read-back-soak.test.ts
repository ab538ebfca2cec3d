// A seeded soak: random faults on the updates and on the read-back, against the local marketplace.
// Whatever happens, a listing the marketplace updated is never reported as a plain failure, one
// reported updated was updated (version and changelog), and a request that was sent is never
// "could not reach". Some listings already show the version sent, with other notes.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { makeGuard } from '../../../src/core/guard/guard.js';
import { parseSettings } from '../../../src/core/inputs.js';
import { deployAll } from '../../../src/core/marketplace/deploy.js';
import type { Resolved } from '../../../src/core/release/resolve.js';
import { emptyReport, results } from '../../../src/core/report.js';
import { createTransport } from '../../../src/core/transport/transport.js';
import { Emulator, type Injected, KEYS } from '../../support/emulator.js';
import { runs } from '../../support/property-runs.js';

const resolved: Resolved = {
  version: '2.0.0',
  versionSource: 'input',
  tag: '',
  changelog: 'Notes',
  changelogSource: 'input',
};

const IDS = ['asset-1', 'asset-2', '1001'];

/** What one attempt meets: nothing, or a fault that may apply the update first. */
const patchFault: fc.Arbitrary<Injected | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.record({
    kind: fc.constant('reset' as const),
    apply: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    status: fc.constantFrom(500, 502, 503, 504),
    retryAfter: fc.constant('0'),
    apply: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('hang' as const), apply: fc.boolean() }),
  fc.record({
    kind: fc.constant('drip' as const),
    status: fc.constant(200),
    intervalMs: fc.constant(20),
    apply: fc.boolean(),
  }),
  // A 2xx that is not an update: never retried. A web page may come from a proxy in front of a
  // store that applied the update; a refusal is the marketplace's own word.
  fc.record({ kind: fc.constant('web-page' as const), apply: fc.boolean() }),
  fc.record({
    kind: fc.constant('refusal' as const),
    field: fc.constantFrom('success' as const, 'ok' as const),
    message: fc.constant('Listing is locked'),
  }),
);

const listFault: fc.Arbitrary<Injected | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant({ kind: 'reset' as const }),
  fc.constant({ kind: 'status' as const, status: 503, retryAfter: '0' }),
  fc.constant({ kind: 'web-page' as const }),
);

const scenario = fc.record({
  ids: fc.subarray(IDS, { minLength: 1 }),
  retries: fc.integer({ min: 0, max: 2 }),
  // Up to three attempts per listing, each with its fault; then the read-back's two attempts.
  faults: fc.array(fc.array(patchFault, { minLength: 3, maxLength: 3 }), {
    minLength: 3,
    maxLength: 3,
  }),
  list: fc.array(listFault, { minLength: 2, maxLength: 2 }),
  // Listings that already show the version sent, with other notes.
  already: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
});

describe('no listing the marketplace updated is reported as a plain failure', () => {
  it('under random faults (seeded)', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ ids, retries, faults, list, already }) => {
        const emulator = new Emulator();
        const base = await emulator.start();
        try {
          ids.forEach((id, index) => {
            const listing = emulator.listings.get(id);
            if (already[index] === true && listing !== undefined) {
              emulator.listings.set(id, { ...listing, version: '2.0.0', changelog: 'Older' });
            }
          });
          ids.forEach((id, index) => {
            for (const fault of faults[index] ?? []) {
              if (fault !== undefined) emulator.inject({ ...fault, path: `/listings/${id}` });
            }
          });
          for (const fault of list)
            if (fault !== undefined) emulator.inject({ ...fault, path: '/listings' });
          const settings = {
            ...parseSettings(
              {
                'listing-id': ids.join(','),
                'api-key': KEYS.creator,
                'base-url': base,
                retries: String(retries),
                'if-older': 'deploy',
              },
              ACTION_WORDS,
            ),
            timeoutMs: 150,
          };
          const done = await deployAll({
            settings,
            resolved,
            transport: createTransport({}, [settings.baseUrl], settings.timeoutMs),
            log: () => {},
            redact: makeGuard([{ name: 'the API key', value: KEYS.creator }]),
            clock: { now: Date.now, sleep: async () => {}, random: () => 0.5 },
          });
          const updated = new Map(
            results({ ...emptyReport(), ...done, listingIds: ids }).map((r) => [
              r['listing-id'],
              r.updated,
            ]),
          );
          for (const row of done.rows) {
            const shown = emulator.listings.get(row.listingId);
            const changed =
              shown?.version === resolved.version && shown.changelog === resolved.changelog;
            const title = row.problem?.title ?? '';
            if (changed) {
              expect(
                updated.get(row.listingId) || title.endsWith('Update may have been applied'),
              ).toBe(true);
            }
            if (updated.get(row.listingId)) expect(changed).toBe(true);
            expect(row.problem?.message ?? '').not.toMatch(/could not reach/i);
            // A 2xx that is not an update is never retried: it ends the listing's attempts.
            const last = row.outcome?.last;
            if (last?.kind === 'answer' && last.refusal !== undefined) {
              const mine = emulator.requests.filter((r) => r.path.endsWith(`/${row.listingId}`));
              expect(['web-page', 'refusal']).toContain(mine.at(-1)?.fault);
              expect(row.outcome?.attempts).toBe(mine.length);
            }
          }
          expect(JSON.stringify(done)).not.toContain(KEYS.creator);
          // A web page says nothing of whether the update was applied.
          expect(JSON.stringify(done)).not.toContain('nothing was updated');
        } finally {
          await emulator.stop();
        }
      }),
      { seed: 20_261_125, numRuns: runs(40) },
    );
  }, 120_000);
});
