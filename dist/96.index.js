export const id = 96;
export const ids = [96];
export const modules = {

/***/ 4096:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  context: () => (/* reexport */ github/* context */._),
  createGitHub: () => (/* binding */ createGitHub),
  failureOf: () => (/* binding */ failureOf)
});

// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(8500);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 22 modules
var github = __webpack_require__(2413);
// EXTERNAL MODULE: ./src/core/json.ts
var json = __webpack_require__(6153);
// EXTERNAL MODULE: ./src/core/meta.ts
var meta = __webpack_require__(7898);
// EXTERNAL MODULE: ./src/core/transport/failure.ts
var transport_failure = __webpack_require__(6175);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/transport/exchange.ts
var exchange = __webpack_require__(3872);
;// CONCATENATED MODULE: ./src/core/transport/fetch-adapter.ts


/** The transport's failure behind an error a fetch client threw, following `cause`. */
function transportFailureOf(error) {
    for (let at = error, depth = 0; at !== null && typeof at === 'object' && depth < 5; depth++) {
        if (at instanceof errors/* TransportError */.wX)
            return at.failure;
        at = at.cause;
    }
    return undefined;
}
const METHODS = new Set(['GET', 'PATCH', 'POST', 'PUT', 'DELETE', 'HEAD']);
/**
 * fetch(url, init) through `transport`, each call one attempt limited to `timeoutMs`, answering
 * with the part of a Response that Octokit reads; string bodies only (JSON), as the clients here
 * send. A failure throws TransportError. With `debug`, each exchange is written to the debug log.
 */
function fetchOver(transport, timeoutMs, debug) {
    return async (input, init = {}) => {
        const url = String(input);
        const method = (init.method ?? 'GET').toUpperCase();
        if (!METHODS.has(method))
            throw new TypeError(`method ${method} is not supported`);
        const body = init.body ?? null;
        if (body !== null && typeof body !== 'string') {
            throw new TypeError('only string bodies are supported');
        }
        const result = await (0,exchange/* exchange */.cv)({
            method: method,
            url,
            headers: init.headers ?? {},
            body,
            timeoutMs,
            signal: init.signal ?? undefined,
        }, transport.dispatcherFor(url), debug && { ...debug, via: transport.proxyInUse(url)?.host });
        if (result.kind === 'failure')
            throw new errors/* TransportError */.wX(result);
        const headers = new Map(Object.entries(result.headers ?? {}));
        return {
            status: result.status,
            statusText: '',
            url,
            headers: {
                get: (name) => headers.get(name.toLowerCase()) ?? null,
                [Symbol.iterator]: () => headers.entries(),
            },
            text: async () => result.body,
            // A fresh ArrayBuffer of exactly the body's bytes.
            arrayBuffer: async () => new TextEncoder().encode(result.body).buffer,
        };
    };
}

;// CONCATENATED MODULE: ./src/action/github.ts
// @actions/github: the run's event (`context`) and the two REST calls the action makes (the latest
// release, the release of a tag). Loaded only by main.ts's dynamic import(), so the bundler puts it
// in a chunk of its own. Every request goes through the step's transport (`request.fetch`): the
// agent and fetch the package makes when it loads are never used.







const NOT_RETRIED = new Set(['tls', 'proxy-refused', 'aborted']);
/** A call that GitHub answered with `status`; undefined for 404 (no such release). */
function refused(status, headers) {
    const failed = (reason, retry = false) => ({ reason, short: `HTTP ${status}`, retry });
    if (status === 404)
        return undefined;
    if (status === 401)
        return failed('the token was refused (HTTP 401): it is invalid or expired');
    const limited = String(headers['x-ratelimit-remaining']) === '0' || headers['retry-after'] !== undefined;
    if (status === 429 || (status === 403 && limited)) {
        const reset = Number(headers['x-ratelimit-reset']);
        const at = Number.isFinite(reset) && reset > 0
            ? `; it resets at ${new Date(reset * 1000).toISOString().slice(11, 16)} UTC`
            : '';
        return failed(`the GitHub API rate limit was reached (HTTP ${status})${at}`);
    }
    if (status === 403) {
        return failed(`the token may not read releases (HTTP ${status}): grant the workflow \`contents: read\``);
    }
    if (status >= 500) {
        return failed(`the GitHub API failed (HTTP ${status}), also when retried`, true);
    }
    return failed(`the GitHub API refused the request (HTTP ${status})`);
}
/** A call that got no answer, classified by the transport's rules, as the marketplace's. */
function unanswered(error, { host, proxy, target }) {
    const failure = transportFailureOf(error);
    const trouble = failure && (0,transport_failure/* classifyFailure */.XE)(failure, proxy);
    const code = failure?.code ?? (0,transport_failure/* errorCode */.CA)(error) ?? 'network error';
    const retry = !NOT_RETRIED.has(trouble?.kind ?? '');
    const again = retry ? ', also when retried' : '';
    const viaProxy = trouble && proxy && (0,transport_failure/* proxyTroubleText */.fF)(trouble, proxy, target);
    const said = (reason, short = code) => ({ reason, short, retry });
    if (viaProxy !== undefined)
        return said(`the GitHub API was not reached: ${viaProxy}${again}`, 'proxy');
    // A GitHub Enterprise Server is named by its own address, as the marketplace is.
    const api = `the GitHub API at ${host}`;
    switch (trouble?.kind) {
        case 'tls':
            return said(`the TLS certificate of ${api} was rejected (${code}): with a private certificate ` +
                'authority, set NODE_EXTRA_CA_CERTS on the step to a PEM file holding its certificate');
        case 'timeout':
            return said(`${api} did not answer within 10 s${again}`, 'timeout');
        case 'aborted':
            return said(`the request to ${api} was abandoned before it was answered`, 'aborted');
        default:
            return said(`${api} could not be reached (${code})${again}`);
    }
}
/**
 * Why a call read no release (`reason`), the cause in the debug log's words (`short`), and whether
 * to retry once; undefined for 404. GitHub answered when the error has a `response`, never judged
 * by its status: Octokit gives network errors and aborts status 500, without a response.
 */
function failureOf(error, route) {
    const response = (0,json/* field */.ZZ)(error, 'response');
    const status = (0,json/* field */.ZZ)(response, 'status');
    const headers = (0,json/* field */.ZZ)(response, 'headers');
    return typeof status === 'number'
        ? refused(status, (0,json/* isObject */.Gv)(headers) ? headers : {})
        : unanswered(error, route);
}
// Octokit would print server-sent deprecation text to the console: nothing prints raw. Its request
// layer logs through `request.log` (else the console), not the client's own `log`.
const SILENT = { debug() { }, info() { }, warn() { }, error() { } };
/** A client of the API over the step's transport, made on the first call, never before. */
function createGitHub(options) {
    const { token, apiUrl, transport } = options;
    // Stryker disable next-line StringLiteral: split gives at least one part: the owner is always there
    const [owner = '', repo = ''] = options.repository.split('/');
    const pauseMs = options.retryPauseMs ?? 500;
    // An API address that is not a URL fails on the request itself, as unreachable.
    const parsable = URL.canParse(apiUrl);
    const route = {
        host: parsable ? new URL(apiUrl).host : apiUrl,
        proxy: parsable ? transport.proxyInUse(apiUrl) : undefined,
        target: parsable ? (0,transport_failure/* hostPort */.QL)(apiUrl) : apiUrl,
    };
    let client;
    async function get(call, what) {
        const failed = (reason) => ({ kind: 'failed', reason });
        if (token === '')
            return failed('no token was given (input `github-token` is empty)');
        // It travels in a header: a bad one would be refused with an error that reads like a network one.
        if (!/^[\x21-\x7e]+$/.test(token)) {
            return failed('the token (input `github-token`) holds characters a token cannot have');
        }
        if (owner === '' || repo === '') {
            return failed('the repository is not known (GITHUB_REPOSITORY is not set)');
        }
        client ??= (0,github/* getOctokit */.Q)(token, {
            baseUrl: apiUrl.replace(/\/+$/, ''),
            userAgent: meta/* USER_AGENT */._O,
            log: SILENT,
            request: {
                fetch: fetchOver(transport, options.timeoutMs ?? 10_000, options.debug),
                log: SILENT,
            },
        });
        for (let attempt = 1;; attempt++) {
            try {
                const { data } = await call(client.rest);
                const tag = (0,json/* stringOf */.Je)((0,json/* field */.ZZ)(data, 'tag_name')).trim();
                if (tag === '')
                    return failed('the GitHub API gave an answer that is not a release');
                const body = (0,json/* stringOf */.Je)((0,json/* field */.ZZ)(data, 'body'));
                return { kind: 'found', release: { tag, body, url: (0,json/* stringOf */.Je)((0,json/* field */.ZZ)(data, 'html_url')) } };
            }
            catch (error) {
                const failure = failureOf(error, route);
                if (failure === undefined) {
                    options.debug?.log(`GitHub: no ${what} (HTTP 404)`);
                    return { kind: 'none' };
                }
                const again = failure.retry && attempt === 1;
                const line = `GitHub: the ${what} could not be read (${failure.short})`;
                options.debug?.log(again
                    ? `${line}: retried once in ${pauseMs} ms`
                    : `${line}${attempt === 1 ? ': not retried' : ', also when retried'}`);
                if (!again)
                    return failed(failure.reason);
                await (0,promises_.setTimeout)(pauseMs);
            }
        }
    }
    return {
        latestRelease: () => get((rest) => rest.repos.getLatestRelease({ owner, repo }), 'latest release'),
        releaseByTag: (tag) => get((rest) => rest.repos.getReleaseByTag({ owner, repo, tag }), `release for tag ${JSON.stringify(tag)}`),
    };
}


/***/ })

};
