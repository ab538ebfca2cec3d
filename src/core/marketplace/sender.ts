import type { AttemptResult } from '../attempt.js';
import { type Guard, guardResult } from '../guard/guard.js';
import { refusalIn } from '../guard/server-message.js';
import type { Connection } from '../inputs.js';
import { USER_AGENT } from '../meta.js';
import type { Target } from '../sentences.js';
import { attemptLines, requestName } from '../transport/debug-lines.js';
import { exchange } from '../transport/exchange.js';
import { type Outcome, REAL_CLOCK, type RetryClock, withRetries } from '../transport/retry.js';
import type { Transport } from '../transport/transport.js';

export interface Channel {
  readonly settings: Connection;
  readonly log: (line: string) => void;
  readonly redact: Guard;
  /** Made and closed by its owner: the GitHub lookups share it. */
  readonly transport: Transport;
  readonly clock?: RetryClock | undefined;
  readonly debug?: ((line: string) => void) | undefined;
}

export class Sender {
  private askedMs = 0;

  constructor(readonly channel: Channel) {}

  async send(
    method: 'GET' | 'PATCH',
    url: string,
    body?: string,
    retries = this.channel.settings.retries,
    maxBytes?: number,
  ): Promise<Outcome> {
    const { settings, redact, log, debug } = this.channel;
    const clock = this.channel.clock ?? REAL_CLOCK;
    if (this.askedMs > 0) {
      log(
        `Waiting ${Math.ceil(this.askedMs / 1000)} s before ${method} ${url}, as the last answer asked (Retry-After).`,
      );
      await clock.sleep(this.askedMs);
    }
    const headers = {
      'x-api-key': settings.apiKey.reveal(),
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': USER_AGENT,
    };
    const request = { method, url, headers, body, timeoutMs: settings.timeoutMs, maxBytes };
    const dispatcher = this.channel.transport.dispatcherFor(url);
    const via = this.channel.transport.proxyInUse(url)?.host;
    const outcome = await withRetries(
      async (): Promise<AttemptResult> => {
        const result = await exchange(request, dispatcher, debug && { log: debug, redact, via });
        if (result.kind === 'failure') return result;
        // The marketplace's answer keeps only the headers it reads: nothing else reaches the report.
        const { headers: _unread, ...kept } = result;
        if (kept.status >= 300) return kept;
        return { ...kept, refusal: refusalIn(kept.body, kept.contentType) };
      },
      retries,
      clock,
      (result, attempt, decision) => {
        const name = requestName(method, url, via);
        const [line, why] = attemptLines(name, result, attempt, retries + 1, decision);
        log(line);
        if (why !== undefined) debug?.(why);
      },
    );
    this.askedMs = outcome.askedMs ?? 0;
    // Only the answers that can be printed (the last, and the lost one) are guarded, each once.
    const last = guardResult(outcome.last, redact);
    const { lost } = outcome;
    if (lost === undefined) return { ...outcome, last };
    return { ...outcome, last, lost: lost === outcome.last ? last : guardResult(lost, redact) };
  }

  target(url: string, listingId: string, request?: 'update' | 'list'): Target {
    const { baseUrl, timeoutMs, words } = this.channel.settings;
    const proxy = this.channel.transport.proxyInUse(url);
    return { listingId, baseUrl, request, url, timeoutMs, words, proxy };
  }
}
