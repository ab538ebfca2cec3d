// What one attempt of a request comes to: the server's answer, or a failure with none. The
// transport makes them; the guard, the messages, the errors and the report read them, so they
// live on the ground floor, importing nothing.

/** How much of an answer's body the `response` output shows: the guard keeps no more of an error's. */
export const MAX_RESPONSE_OUTPUT_BYTES = 64 * 1024;

/** The server answered (any status). */
export interface Answer {
  readonly kind: 'answer';
  readonly status: number;
  readonly location: string;
  readonly retryAfter: string;
  readonly contentType: string;
  /** The `Link` header, for pagination (`rel="next"`). */
  readonly link: string;
  /** Decoded as UTF-8, as much as the transport reads (1 MiB at most); untrusted. */
  readonly body: string;
  /** True when the body was longer than that and the rest was discarded. */
  readonly cut: boolean;
  /**
   * The server's own message, guarded and as shown (at most 500 characters): set by the guard
   * on an answer that is not a success, whose body it cuts to what the `response` output shows,
   * and on a 2xx that is not an update (`refusal`).
   */
  readonly message?: string;
  /**
   * Set by the guard when it cuts an error's body to what the `response` output shows and the body
   * as read was JSON (by its content type or because it parsed): its start is still shown there.
   */
  readonly json?: true;
  /**
   * Read from a 2xx that is not an answer of the API: `web-page`, an HTML page (the address reaches
   * a website); `refused`, JSON saying `"success": false` or `"ok": false`.
   */
  readonly refusal?: 'web-page' | 'refused';
  readonly ms: number;
  /** Every header, lowercase names, repeats joined; set by `exchange` for clients that need more. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** No answer: connection, TLS or timeout failure. */
export interface Failure {
  readonly kind: 'failure';
  /** None: `result.status === 401` reads an answer or a failure alike. */
  readonly status?: never;
  /** A system, TLS or undici error code, e.g. ECONNREFUSED, CERT_HAS_EXPIRED, ETIMEDOUT. */
  readonly code: string;
  /** Set when the proxy answered CONNECT with this status instead of opening the tunnel. */
  readonly proxyStatus?: number;
  /**
   * True when the request may have been sent: the connection (tunnel and TLS included) was made
   * and writing had begun, so the server may have received and applied it. Absent when the
   * request never left (refused, a name that does not resolve, TLS, a proxy, a deadline before
   * the connection was made).
   */
  readonly sent?: true;
  readonly ms: number;
}

export type AttemptResult = Answer | Failure;
