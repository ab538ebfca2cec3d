// The one step both front ends run, in process against the local marketplace on loopback.

import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../src/action/words.js';
import { ResolveError, UsageError } from '../../src/core/errors.js';
import { makeGuard } from '../../src/core/guard/guard.js';
import type { Settings } from '../../src/core/inputs.js';
import { changelogInput, type Origin, versionInput } from '../../src/core/release/resolve.js';
import { type RunWorld, runStep, type StepPorts } from '../../src/core/step.js';
import { createTransport, type Transport } from '../../src/core/transport/transport.js';
import { KEYS } from '../support/emulator.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();

const origin: Origin = { repository: 'me/asset', sha: '', runUrl: '', workspace: '/nowhere' };

const world =
  (over: Partial<RunWorld<Origin>> = {}) =>
  (): RunWorld<Origin> => ({
    context: origin,
    plan: {
      versions: [versionInput],
      changelogs: [changelogInput],
      noVersion: () => new ResolveError('No version to deploy', 'No version.'),
    },
    ...over,
  });

function ports(over: Partial<StepPorts<Origin>> = {}) {
  const lines: string[] = [];
  const value: StepPorts<Origin> = {
    env: {},
    words: ACTION_WORDS,
    inputs: {
      'listing-id': 'asset-1,asset-2',
      'api-key': KEYS.creator,
      'base-url': local.base,
      version: '2.0.0',
      'if-older': 'deploy',
      retries: '0',
    },
    world: world(),
    out: { line: (text) => lines.push(text), note: (note) => lines.push(note.text) },
    redact: makeGuard([{ name: 'the API key', value: KEYS.creator }]),
    ...over,
  };
  return { ports: value, lines };
}

const sent = () => local.emulator.requests.map((r) => `${r.method} ${r.path}`);

describe('runStep', () => {
  it('reads the settings, resolves, logs and sends to every listing', async () => {
    const { ports: value, lines } = ports();
    const before = performance.now();
    const { report, stopped } = await runStep(value);
    const took = performance.now() - before;
    expect(stopped).toBe(false);
    expect(report.problem).toBeUndefined();
    expect(report.rows.map((row) => [row.listingId, row.state])).toEqual([
      ['asset-1', 'sent'],
      ['asset-2', 'sent'],
    ]);
    expect(sent()).toEqual(['PATCH /v1/listings/asset-1', 'PATCH /v1/listings/asset-2']);
    expect(lines[0]).toMatch(/^Version "2\.0\.0" from /);
    expect(lines[1]).toMatch(/^Changelog: /);
    expect(lines.filter((line) => /^PATCH .*: HTTP 200 /.test(line))).toHaveLength(2);
    expect(report.listingIds).toEqual(['asset-1', 'asset-2']);
    expect(report.dryRun).toBe(false);
    expect(report.elapsedMs).toBeGreaterThan(0);
    expect(report.elapsedMs).toBeLessThanOrEqual(took);
  });

  it('shows the changelog whole to a front end that shows it, and before the cut when cut', async () => {
    const { ports: base } = ports();
    const shown: [string, string][] = [];
    const changelog = `${'A line of the notes.\n'.repeat(20)}The end.`;
    const { report } = await runStep({
      ...base,
      inputs: { ...base.inputs, changelog, 'changelog-max-length': '200' },
      out: { ...base.out, verbatim: (title, text) => shown.push([title, text]) },
    });
    expect(report.problem).toBeUndefined();
    expect(shown.map(([title]) => title)).toEqual(['Changelog', 'Changelog before the cut']);
    expect(shown[0]?.[1]).toBe(report.resolved?.changelog);
    expect([...(shown[0]?.[1] ?? '')].length).toBeLessThanOrEqual(200);
    expect(shown[1]?.[1]).toBe(changelog);
    // Uncut, it is shown once; a front end that shows no changelog is given none.
    shown.length = 0;
    await runStep({
      ...base,
      out: { ...base.out, verbatim: (title, text) => shown.push([title, text]) },
    });
    expect(shown.map(([title]) => title)).toEqual(['Changelog']);
    const quiet = await runStep({
      ...base,
      inputs: { ...base.inputs, changelog, 'changelog-max-length': '200' },
    });
    expect(quiet.report.problem).toBeUndefined();
  });

  it('passes on the notes of what was resolved, before the version line', async () => {
    const { ports: base, lines } = ports();
    const noted = world();
    const { report } = await runStep({
      ...base,
      world: () => {
        const plain = noted();
        return {
          ...plain,
          plan: {
            ...plain.plan,
            versions: [
              (step) => {
                step.notes.push({ level: 'info', text: 'A note of the release.' });
                return undefined;
              },
              ...plain.plan.versions,
            ],
          },
        };
      },
    });
    expect(report.problem).toBeUndefined();
    expect(lines[0]).toBe('A note of the release.');
    expect(lines[1]).toMatch(/^Version /);
  });

  it('refuses a changelog holding the key before any request, showing neither', async () => {
    const { ports: base, lines } = ports();
    const { report, stopped } = await runStep({
      ...base,
      inputs: { ...base.inputs, changelog: `Notes ${KEYS.creator}` },
    });
    expect(stopped).toBe(true);
    expect(report.problem?.title).toBe('Key in changelog');
    expect(report.resolved).toBeUndefined();
    expect(lines).toEqual([]);
    expect(sent()).toEqual([]);
  });

  it('waits between retries with the clock it is given', async () => {
    local.emulator.inject({ kind: 'status', status: 503, times: 1, path: '/listings/asset-1' });
    const { ports: base } = ports();
    const waits: number[] = [];
    const { report } = await runStep({
      ...base,
      inputs: { ...base.inputs, 'listing-id': 'asset-1', retries: '1' },
      clock: { now: Date.now, sleep: async (ms) => void waits.push(ms), random: () => 0 },
    });
    expect(report.problem).toBeUndefined();
    expect(report.rows[0]?.problem).toBeUndefined();
    expect(waits).toHaveLength(1);
  });

  it('reads the key apart, when the front end gives it so', async () => {
    const { ports: base } = ports();
    const { 'api-key': _, ...inputs } = base.inputs;
    const { report } = await runStep({ ...base, inputs, key: async () => KEYS.creator });
    expect(report.problem).toBeUndefined();
    expect(sent()).toHaveLength(2);
  });

  it('a refused setting stops it before any request, with every listing as written', async () => {
    const { ports: base } = ports();
    const { report, stopped } = await runStep({
      ...base,
      inputs: { ...base.inputs, 'listing-id': 'a, b\n', retries: 'many' },
    });
    expect(stopped).toBe(true);
    expect(report.listingIds).toEqual(['a', 'b']);
    expect(report.problem?.message).toContain('must be a whole number from 0 to 10');
    expect(sent()).toEqual([]);
  });

  it("a front end's own refusal (a key it could not read) stops it the same way", async () => {
    const { ports: base } = ports();
    const { report, stopped } = await runStep({
      ...base,
      key: async () => {
        throw new UsageError('no key', 'No API key');
      },
    });
    expect(stopped).toBe(true);
    expect(report.problem).toEqual({ title: 'No API key', message: 'no key' });
    expect(report.listingIds).toEqual(['asset-1', 'asset-2']);
    expect(sent()).toEqual([]);
  });

  it('a key source that fails for another cause is a bug, not a refusal', async () => {
    const { ports: base } = ports();
    const { report, stopped } = await runStep({
      ...base,
      key: async () => {
        throw new RangeError('no key');
      },
    });
    expect(stopped).toBe(false);
    expect(report.problem).toEqual({
      title: 'Unexpected error',
      message: 'Stopped by an unexpected error: RangeError: no key',
    });
    expect(sent()).toEqual([]);
  });

  it('a bug ends as the one unexpected error, not a throw', async () => {
    const { ports: base } = ports();
    const { report, stopped } = await runStep({
      ...base,
      world: () => {
        throw new TypeError('x is undefined');
      },
    });
    expect(stopped).toBe(false);
    expect(report.problem).toEqual({
      title: 'Unexpected error',
      message: 'Stopped by an unexpected error: TypeError: x is undefined',
    });
  });

  it('an event that deploys nothing ends before any request, every listing skipped', async () => {
    const { ports: base, lines } = ports();
    let made = 0;
    const { report, stopped } = await runStep({
      ...base,
      world: world({ ignored: { what: 'Release v2 was deleted', event: 'release (deleted)' } }),
      transport: (_env, hosts, ms) => {
        made++;
        return createTransport({}, hosts, ms);
      },
    });
    expect(stopped).toBe(false);
    expect(made).toBe(0);
    expect(lines).toEqual(['Release v2 was deleted: nothing was sent. Event: release (deleted).']);
    expect(report.rows.map((row) => row.state)).toEqual(['skipped', 'skipped']);
    expect(sent()).toEqual([]);
  });

  it('makes one transport for the marketplace alone when the front end names no other host', async () => {
    const { ports: base } = ports();
    const made: (readonly string[])[] = [];
    await runStep({
      ...base,
      transport: (_env, hosts, ms) => {
        made.push(hosts);
        return createTransport({}, hosts, ms);
      },
    });
    expect(made).toEqual([[local.base]]);
  });

  it('makes one transport for the marketplace and the hosts the front end names, and closes it', async () => {
    const { ports: base } = ports();
    const made: (readonly string[])[] = [];
    let closed = 0;
    const { report } = await runStep({
      ...base,
      world: world({ hosts: ['https://api.github.example'] }),
      transport: (_env, hosts, ms) => {
        made.push(hosts);
        const real = createTransport({}, hosts, ms);
        return {
          ...real,
          destroy: async () => {
            closed++;
            await real.destroy();
          },
        };
      },
    });
    expect(report.problem).toBeUndefined();
    expect(made).toEqual([[local.base, 'https://api.github.example']]);
    expect(closed).toBe(1);
  });

  it('a transport that fails to close leaves the report whole, and says so', async () => {
    const { ports: base, lines } = ports();
    const failing = (_env: unknown, hosts: readonly string[], ms: number): Transport => {
      const real = createTransport({}, hosts, ms);
      return {
        ...real,
        destroy: async () => {
          await real.destroy();
          throw new Error('socket hang up');
        },
      };
    };
    const { report, stopped } = await runStep({ ...base, transport: failing });
    expect(stopped).toBe(false);
    expect(report.problem).toBeUndefined();
    expect(report.rows.map((row) => row.state)).toEqual(['sent', 'sent']);
    expect(lines.at(-1)).toBe('Could not close the connections: Error: socket hang up');
  });

  it("gives the plan's sources the same transport it sends with", async () => {
    const { ports: base } = ports();
    let given: Transport | undefined;
    let made: Transport | undefined;
    let deadline: number | undefined;
    let settingsSeen: Settings | undefined;
    const { report } = await runStep({
      ...base,
      transport: (_env, hosts, ms) => {
        deadline = ms;
        made = createTransport({}, hosts, ms);
        return made;
      },
      world: (settings) => {
        settingsSeen = settings;
        const plain = world()();
        return {
          ...plain,
          plan: {
            ...plain.plan,
            versions: [
              (step) => {
                given = step.transport;
                return undefined;
              },
              ...plain.plan.versions,
            ],
          },
        };
      },
    });
    expect(report.problem).toBeUndefined();
    expect(settingsSeen?.listingIds).toEqual(['asset-1', 'asset-2']);
    expect(given).toBe(made);
    expect(deadline).toBe(30_000);
  });
});
