import { describe, expect, it } from 'vitest';
import type { Standing } from '../../../src/core/listing.js';
import { confirmationOf } from '../../../src/core/marketplace/listings.js';
import { checkOrder } from '../../support/plan.js';

type OrderRules = Parameters<typeof checkOrder>[3];

import { notConfirmed } from '../../../src/core/sentences.js';
import type { Outcome } from '../../../src/core/transport/retry.js';

const listed = (version: string | undefined): Standing => ({
  kind: 'listed',
  listing: { version, changelog: undefined },
});
const rules = (over: Partial<OrderRules> = {}): OrderRules => ({
  ifOlder: 'skip',
  stripTagPrefix: '',
  ...over,
});

describe('checkOrder (SPEC 7.8)', () => {
  it('skips an older version with the notice of SPEC 7.8', () => {
    expect(checkOrder('lst_1', listed('2.1.0'), '1.9.5', rules())).toEqual({
      kind: 'skip',
      why: 'shows 2.1.0, newer than 1.9.5',
      note: {
        level: 'notice',
        title: 'Not sent: older than the listing',
        message: 'Listing lst_1 shows 2.1.0, newer than 1.9.5: not sent.',
      },
    });
  });

  it('refuses an older version with if-older: fail, naming both and the way back', () => {
    const decision = checkOrder('lst_1', listed('2.1.0'), '1.9.5', rules({ ifOlder: 'fail' }));
    expect(decision.kind).toBe('fail');
    if (decision.kind !== 'fail') return;
    expect(decision.problem?.title).toBe('Older than the listing');
    expect(decision.problem?.message).toContain('"lst_1" shows 2.1.0, newer than 1.9.5');
    expect(decision.problem?.message).toContain('`if-older: deploy`');
  });

  it.each([
    ['deploy', listed('9.0.0'), '1.0.0', { kind: 'send' }],
    ['skip', undefined, '1.0.0', { kind: 'send' }],
    ['skip', { kind: 'unknown' } as Standing, '1.0.0', { kind: 'send' }],
    ['skip', listed('1.0.0'), '1.0.0', { kind: 'send' }],
    ['skip', listed('1.0.0'), '1.0.1', { kind: 'send' }],
    ['fail', listed('1.0.0'), 'v1.0.0', { kind: 'send' }],
  ] as const)(
    'with if-older: %s sends what is not older',
    (ifOlder, standing, version, decision) => {
      expect(checkOrder('a', standing, version, rules({ ifOlder }))).toEqual(decision);
    },
  );

  it.each([
    [
      { kind: 'missing', more: false } as Standing,
      '1.0.0',
      'Listing "a" is not in the list: the order of versions was not checked.',
    ],
    [
      listed(undefined),
      '1.0.0',
      'Listing "a" shows no version: the order of versions was not checked.',
    ],
    [
      listed('r45'),
      '1.0.0',
      'Listing "a" shows "r45": the order of versions was not checked, as "r45" does not read',
    ],
    [
      listed('1.0.0'),
      'beta-5',
      'Listing "a" shows "1.0.0": the order of versions was not checked, as "beta-5" does not read',
    ],
  ])('sends when no order can be checked, saying why', (standing, version, why) => {
    const decision = checkOrder('a', standing, version, rules());
    expect(decision.kind).toBe('send');
    expect(decision.kind === 'send' && decision.log).toContain(why);
  });

  it.each([
    [
      { kind: 'unknown' } as Standing,
      'as the answer of the list is not a list of listings in a shape this tool knows',
    ],
    [
      { kind: 'missing', more: false } as Standing,
      'as it is not in the list of listings, read to its last page',
    ],
    [
      { kind: 'missing', more: true } as Standing,
      'as it is not on the pages of the list that were read',
    ],
    [listed('2.1.0 (LTS)'), 'as "2.1.0 (LTS)" does not read as a version'],
    [listed('r45'), 'as "r45" does not read as a version'],
  ])('with if-older: fail, fails closed when the order cannot be checked (%o)', (standing, why) => {
    const decision = checkOrder('a', standing, '1.0.0', rules({ ifOlder: 'fail' }));
    expect(decision.kind).toBe('fail');
    if (decision.kind !== 'fail') return;
    expect(decision.problem?.title).toBe('Order of versions not checked');
    expect(decision.problem?.message).toContain(
      'Listing "a" was not updated: the order of versions was not checked, ',
    );
    expect(decision.problem?.message).toContain(why);
    expect(decision.problem?.message).toContain('`if-older: fail`');
    expect(decision.why).toContain('order not checked: ');
  });

  it('with if-older: fail, fails closed when the version to send does not read as one', () => {
    const decision = checkOrder('a', listed('2.1.0'), 'asset-1.9.5', rules({ ifOlder: 'fail' }));
    expect(decision.kind === 'fail' && decision.problem?.message).toContain(
      'as "asset-1.9.5" does not read as a version',
    );
  });

  it.each([
    ['fail', listed(undefined), 'shows no version'],
    ['skip', listed('r45'), 'does not read'],
    ['skip', listed('2.1.0 (LTS)'), 'as "2.1.0 (LTS)" does not read'],
    ['skip', { kind: 'missing', more: true } as Standing, 'is not in the list'],
  ] as const)(
    'with if-older: %s, sends a listing with no version or none that reads',
    (ifOlder, standing, why) => {
      const decision = checkOrder('a', standing, '1.0.0', rules({ ifOlder }));
      expect(decision.kind).toBe('send');
      expect(decision.kind === 'send' && decision.log).toContain(why);
    },
  );

  it("drops strip-tag-prefix from the listing's version", () => {
    const decision = checkOrder(
      'a',
      listed('release-2.0.0'),
      '1.0.0',
      rules({ stripTagPrefix: 'release-' }),
    );
    expect(decision.kind).toBe('skip');
  });
});

const answered = (status: number, body: string): Outcome =>
  ({
    attempts: 1,
    last: {
      kind: 'answer',
      status,
      body,
      cut: false,
      location: '',
      retryAfter: '',
      contentType: 'application/json',
      link: '',
      ms: 1,
    },
  }) as Outcome;

describe('confirmationOf (SPEC 7.8)', () => {
  it.each([
    [200, '{"version":"1.2.3"}', '1.2.3', { confirmed: true, shown: '1.2.3' }],
    [200, '{"version":"v1.2.3"}', '1.2.3', { confirmed: true, shown: 'v1.2.3' }],
    [200, '{"data":{"version":"1.2.2"}}', '1.2.3', { confirmed: false, shown: '1.2.2' }],
    [200, '{"ok":true}', '1.2.3', { confirmed: null, shown: undefined }],
    [200, '', '1.2.3', { confirmed: null, shown: undefined }],
    [201, '{"version":"1.2.3"}', '1.2.3', { confirmed: null, shown: undefined }],
    [202, '{"version":"1.2.2"}', '1.2.3', { confirmed: null, shown: undefined }],
    [204, '', '1.2.3', { confirmed: null, shown: undefined }],
  ])('%i %s for %s', (status, body, sent, confirmation) => {
    expect(confirmationOf(answered(status, body), sent)).toEqual(confirmation);
  });

  it('a failure is not confirmed', () => {
    const outcome = {
      attempts: 1,
      last: { kind: 'failure', code: 'ECONNRESET', ms: 1 },
    } as Outcome;
    expect(confirmationOf(outcome, '1.0.0')).toEqual({ confirmed: null, shown: undefined });
  });

  it('says the version shown as text that cannot act as a command', () => {
    expect(notConfirmed('lst_1', '1.2.2', '1.2.3').message).toBe(
      'The marketplace answered 200 for lst_1 but shows version 1.2.2, not 1.2.3.',
    );
    expect(notConfirmed('lst_1', '1.0\n::error::x', '1.2.3').message).toContain(
      'shows version "1.0\\n::error::x", not',
    );
    expect(notConfirmed('lst_1', 'x'.repeat(100), '1.2.3').message).toContain(
      `shows version "${'x'.repeat(64)}", not`,
    );
  });
});
