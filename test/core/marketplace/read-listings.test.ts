// The one GET /listings on its own (the command's `listings`), in process against the local
// marketplace: the same headers, retries and messages as the step's.

import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { makeGuard } from '../../../src/core/guard/guard.js';
import { parseConnection } from '../../../src/core/inputs.js';
import { readAllListings } from '../../../src/core/marketplace/deploy.js';
import { createTransport } from '../../../src/core/transport/transport.js';
import { KEYS } from '../../support/emulator.js';
import { useEmulator } from '../../support/use-emulator.js';

const local = useEmulator();

function read(key: string, retries = '0') {
  const lines: string[] = [];
  const settings = parseConnection(
    { 'api-key': key, 'base-url': local.base, retries },
    ACTION_WORDS,
  );
  const redact = makeGuard([{ name: 'the API key', value: key }]);
  return {
    lines,
    result: readAllListings({
      settings,
      log: (line) => lines.push(line),
      redact,
      transport: createTransport({}, [settings.baseUrl], settings.timeoutMs),
    }),
  };
}

describe('parseConnection', () => {
  it('checks what a request needs and nothing else (no listing id)', () => {
    const settings = parseConnection(
      { 'api-key': KEYS.creator, 'base-url': `${local.base}/` },
      ACTION_WORDS,
    );
    expect(settings).toMatchObject({ baseUrl: local.base, timeoutMs: 30_000, retries: 3 });
    expect(() => parseConnection({ 'api-key': KEYS.creator }, ACTION_WORDS)).toThrow(
      /base-url\S* is required/,
    );
    expect(() =>
      parseConnection({ 'api-key': 'short', 'base-url': local.base }, ACTION_WORDS),
    ).toThrow(/shorter than 8/);
  });
});

describe('readAllListings', () => {
  it("reads the key's listings with their versions, logging the attempt", async () => {
    const { lines, result } = read(KEYS.creator);
    const { problem, answer, outcome } = await result;
    expect(problem).toBeUndefined();
    expect(outcome.attempts).toBe(1);
    expect(answer?.kind).toBe('list');
    if (answer?.kind !== 'list') return;
    expect([...answer.listings.keys()]).toEqual(['asset-1', 'asset-2', '1001']);
    expect(answer.listings.get('asset-1')).toMatchObject({ version: '0.9.0' });
    expect(lines).toEqual([
      expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/listings: HTTP 200 in \d+ ms/),
    ]);
    expect(local.emulator.requests[0]?.headers['user-agent']).toMatch(/^listing-auto-deploy\//);
  });

  it('gives the message of a refused key, and no answer', async () => {
    const { problem, answer } = await read(KEYS.revoked).result;
    expect(answer).toBeUndefined();
    expect(problem?.title).toBe('API key refused');
  });

  it('reads a name, else a title, of each listing', async () => {
    local.emulator.inject({
      kind: 'status',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify([
        { id: 'a', name: 'Shiny asset', title: 'ignored' },
        { id: 'b', title: 'Old title' },
        { id: 'c' },
      ]),
    });
    const { answer } = await read(KEYS.creator).result;
    if (answer?.kind !== 'list') throw new Error('expected a list');
    expect([...answer.listings].map(([id, listing]) => [id, listing.name])).toEqual([
      ['a', 'Shiny asset'],
      ['b', 'Old title'],
      ['c', undefined],
    ]);
  });
});
