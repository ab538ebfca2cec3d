/** How much of an answer's body the `response` output shows: the guard keeps no more of an error's. */
export const MAX_RESPONSE_OUTPUT_BYTES = 64 * 1024;

export interface Answer {
  readonly kind: 'answer';
  readonly status: number;
  readonly location: string;
  /** The secret the Location header held a part of: then `location` is '', the address withheld. */
  readonly locationHeld?: string;
  readonly retryAfter: string;
  readonly contentType: string;
  readonly link: string;
  readonly body: string;
  readonly cut: boolean;
  /** The server's own message as shown, set by the guard on a failure status or a `refusal`. */
  readonly message?: string;
  /** The guard cut an error's body that was JSON: its start is still shown in `response`. */
  readonly json?: true;
  /** A 2xx that is not the API's: an HTML page, or JSON saying `"success": false` or `"ok": false`. */
  readonly refusal?: 'web-page' | 'refused';
  readonly ms: number;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Failure {
  readonly kind: 'failure';
  /** None: `result.status === 401` reads an answer or a failure alike. */
  readonly status?: never;
  readonly code: string;
  readonly proxyStatus?: number;
  /** Writing had begun on a connection made: the server may have received and applied it. */
  readonly sent?: true;
  readonly ms: number;
}

export type AttemptResult = Answer | Failure;
