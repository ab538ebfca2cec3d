// SPEC 7.7: which events deploy, decided from the event alone (ignoredEvent), on GitHub's own
// example payloads, on edge cases, and as a property over any payload.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ignoredEvent } from '../../src/action/context.js';
import { releaseActivities, webhookExamples } from '../support/github-examples.js';
import { runs } from '../support/property-runs.js';

type Json = Record<string, unknown>;

const verdict = (eventName: string, payload: Json) => ignoredEvent({ eventName, payload });
const release = (action: string, over: Json = {}) => ({
  action,
  release: { tag_name: 'v1.2.3', draft: false, body: null, name: null, ...over },
});

describe('on GitHub’s example payloads', () => {
  it.each(webhookExamples('release').map((payload) => [payload.action, payload] as const))(
    'release %s',
    (action, payload) => {
      expect(verdict('release', payload)).toEqual(
        action === 'deleted'
          ? { what: 'Release 0.0.1 was deleted', event: 'release (deleted)' }
          : undefined,
      );
    },
  );

  it.each(
    webhookExamples('push').map((payload) => [payload.ref, payload.deleted, payload] as const),
  )('push %s, deleted %s', (ref, deleted, payload) => {
    expect(verdict('push', payload)).toEqual(
      deleted === true
        ? { what: `Tag ${String(ref).slice(10)} was deleted`, event: 'push' }
        : undefined,
    );
  });

  it.each(webhookExamples('workflow_dispatch'))('workflow_dispatch deploys', (payload) => {
    expect(verdict('workflow_dispatch', payload)).toBeUndefined();
  });
});

describe('every release activity GitHub documents', () => {
  const IGNORED = new Set(['deleted', 'unpublished']);
  it.each(releaseActivities())('%s', (action) => {
    const expected = IGNORED.has(action)
      ? { what: `Release v1.2.3 was ${action}`, event: `release (${action})` }
      : undefined;
    expect(verdict('release', release(action))).toEqual(expected);
  });

  it('the list is the one SPEC 7.7 names', () => {
    expect(releaseActivities().sort()).toEqual(
      [
        'created',
        'deleted',
        'edited',
        'prereleased',
        'published',
        'released',
        'unpublished',
      ].sort(),
    );
  });
});

describe('drafts, deletions and edge cases', () => {
  it.each([
    [
      'a created draft',
      'release',
      release('created', { draft: true }),
      'Release v1.2.3 is a draft',
    ],
    ['an edited draft', 'release', release('edited', { draft: true }), 'Release v1.2.3 is a draft'],
    [
      'a deleted draft',
      'release',
      release('deleted', { draft: true }),
      'Release v1.2.3 was deleted',
    ],
    ['no tag name', 'release', { action: 'deleted', release: {} }, 'The release was deleted'],
    [
      'a blank tag name',
      'release',
      release('deleted', { tag_name: ' ' }),
      'The release was deleted',
    ],
    [
      'a padded tag name',
      'release',
      release('deleted', { tag_name: ' v1 ' }),
      'Release v1 was deleted',
    ],
    ['no release at all', 'release', { action: 'unpublished' }, 'The release was unpublished'],
    ['a tag deleted', 'push', { ref: 'refs/tags/v1.2.3', deleted: true }, 'Tag v1.2.3 was deleted'],
    [
      'a branch deleted',
      'push',
      { ref: 'refs/heads/a/b', deleted: true },
      'Branch a/b was deleted',
    ],
    [
      'another ref deleted',
      'push',
      { ref: 'refs/notes/x', deleted: true },
      'Ref refs/notes/x was deleted',
    ],
    ['a ref deleted, no ref', 'push', { deleted: true }, 'A ref was deleted'],
  ])('%s: ignored', (_name, eventName, payload, what) => {
    expect(verdict(eventName, payload)).toMatchObject({ what });
  });

  it('names the activity, or its absence', () => {
    expect(verdict('release', { release: { tag_name: 'v1', draft: true } })).toEqual({
      what: 'Release v1 is a draft',
      event: 'release (no activity)',
    });
    expect(verdict('push', { ref: 'refs/tags/v1', deleted: true })).toEqual({
      what: 'Tag v1 was deleted',
      event: 'push',
    });
  });

  it.each([
    ['published, null notes and name', 'release', release('published')],
    ['prereleased', 'release', release('prereleased', { prerelease: true })],
    ['edited (notes fixed after release)', 'release', release('edited', { body: 'Fixed' })],
    ['draft as a string', 'release', release('created', { draft: 'true' })],
    ['no activity', 'release', { release: { tag_name: 'v1' } }],
    ['a push with deleted false', 'push', { ref: 'refs/tags/v1', deleted: false }],
    ['deleted as a string', 'push', { ref: 'refs/tags/v1', deleted: 'true' }],
    ['a push with head_commit null', 'push', { ref: 'refs/tags/v1', head_commit: null }],
    ['an empty payload', 'push', {}],
    ['deleted: true on another event', 'workflow_dispatch', { deleted: true, action: 'deleted' }],
    ['a draft on another event', 'create', { release: { draft: true } }],
  ])('%s: deploys', (_name, eventName, payload) => {
    expect(verdict(eventName, payload as Json)).toBeUndefined();
  });
});

describe('for any payload', () => {
  const anyValue = fc.oneof(fc.constant(null), fc.boolean(), fc.string(), fc.integer());
  const payload = fc.record(
    {
      action: fc.oneof(fc.constantFrom(...releaseActivities()), anyValue),
      deleted: anyValue,
      ref: fc.oneof(fc.constantFrom('refs/tags/v1', 'refs/heads/main'), anyValue),
      release: fc.oneof(
        anyValue,
        fc.record(
          { tag_name: anyValue, draft: anyValue, body: anyValue, name: anyValue },
          { requiredKeys: [] },
        ),
      ),
    },
    { requiredKeys: [] },
  );
  const event = fc.constantFrom('release', 'push', 'workflow_dispatch', 'create', '');

  it('ignores exactly a deleted, unpublished or draft release and a deleting push', () => {
    fc.assert(
      fc.property(event, payload, (eventName, p) => {
        const draft =
          typeof p.release === 'object' && p.release !== null && p.release.draft === true;
        const ignore =
          (eventName === 'release' &&
            (p.action === 'deleted' || p.action === 'unpublished' || draft)) ||
          (eventName === 'push' && p.deleted === true);
        const found = verdict(eventName, p as Json);
        expect(found !== undefined).toBe(ignore);
        // What is said ends as a sentence part, the same way every time.
        if (found !== undefined)
          expect(found.what).toMatch(/ (was deleted|was unpublished|is a draft)$/);
      }),
      { numRuns: runs(500) },
    );
  });
});
