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
  createGitHub: () => (/* binding */ createGitHub)
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
var failure = __webpack_require__(6175);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/transport/exchange.ts
var exchange = __webpack_require__(3872);
;// CONCATENATED MODULE: ./src/core/transport/fetch-adapter.ts


function transportFailureOf(error) {
    for (let at = error, depth = 0; at !== null && typeof at === 'object' && depth < 5; depth++) {
        if (at instanceof errors/* TransportError */.wX)
            return at.failure;
        at = at.cause;
    }
    return undefined;
}
/** Each call one attempt, answering with the part of a Response that Octokit reads. */
function fetchOver(transport, timeoutMs, debug) {
    return async (input, init = {}) => {
        const url = String(input);
        const result = await (0,exchange/* exchange */.cv)({
            method: (init.method ?? 'GET').toUpperCase(),
            url,
            headers: init.headers ?? {},
            body: init.body,
            timeoutMs,
        }, transport.dispatcherFor(url), debug && { ...debug, via: transport.proxyInUse(url)?.host });
        if (result.kind === 'failure')
            throw new errors/* TransportError */.wX(result);
        const headers = new Map(Object.entries(result.headers ?? {}));
        return {
            status: result.status,
            // Read by Octokit only for HEAD.
            statusText: '',
            url,
            headers: {
                get: (name) => headers.get(name.toLowerCase()) ?? null,
                [Symbol.iterator]: () => headers.entries(),
            },
            text: async () => result.body,
            arrayBuffer: async () => new TextEncoder().encode(result.body).buffer,
        };
    };
}

// EXTERNAL MODULE: ./src/core/transport/retry.ts
var retry = __webpack_require__(2927);
;// CONCATENATED MODULE: ./src/action/github.ts
// @actions/github, a chunk of its own: the run's event and the two REST calls the action makes,
// through the step's transport (never the agent the package makes when it loads).








// Only the status: GitHub may hold the deploy about 20 s at most, so no wait it asks for is waited.
function answer(status, headers = {}) {
    const none = { location: '', retryAfter: '', contentType: '', link: '', body: '' };
    return { kind: 'answer', status, ...none, cut: false, ms: 0, headers };
}
const READ = answer(200);
/** GitHub answered when there is a `response`: Octokit gives network errors status 500 too. */
function attemptOf(error) {
    const response = (0,json/* field */.ZZ)(error, 'response');
    const status = (0,json/* field */.ZZ)(response, 'status');
    if (typeof status === 'number') {
        const headers = Object.entries((0,json/* field */.ZZ)(response, 'headers') ?? {});
        return answer(status, Object.fromEntries(headers.map(([name, value]) => [name, `${value}`])));
    }
    const code = (0,failure/* errorCode */.CA)(error) ?? 'network error';
    return transportFailureOf(error) ?? { kind: 'failure', code, ms: 0 };
}
function refused({ status, headers = {} }, again) {
    if (status === 401)
        return 'the token was refused (HTTP 401): it is invalid or expired';
    const limited = headers['x-ratelimit-remaining'] === '0' || headers['retry-after'] !== undefined;
    if (status === 429 || (status === 403 && limited)) {
        const reset = Number(headers['x-ratelimit-reset']);
        const at = Number.isFinite(reset) && reset > 0
            ? `; it resets at ${new Date(reset * 1000).toISOString().slice(11, 16)} UTC`
            : '';
        return `the GitHub API rate limit was reached (HTTP ${status})${at}`;
    }
    if (status === 403) {
        return `the token may not read releases (HTTP ${status}): grant the workflow \`contents: read\``;
    }
    if (status >= 500)
        return `the GitHub API failed (HTTP ${status})${again}`;
    return `the GitHub API refused the request (HTTP ${status})`;
}
// Octokit would print server-sent deprecation text to the console: nothing prints raw. Its request
// layer logs through `request.log` (else the console), not the client's own `log`.
const SILENT = { debug() { }, info() { }, warn() { }, error() { } };
function createGitHub(options) {
    const { token, apiUrl, transport, timeoutMs = 10_000 } = options;
    const clock = options.clock ?? { now: Date.now, sleep: (ms) => (0,promises_.setTimeout)(ms), random: Math.random };
    const [owner = '', repo = ''] = options.repository.split('/');
    // An API address that is not a URL fails on the request, as unreachable.
    const parsable = URL.canParse(apiUrl);
    const api = `the GitHub API at ${parsable ? new URL(apiUrl).host : apiUrl}`;
    const proxy = parsable ? transport.proxyInUse(apiUrl) : undefined;
    const log = (line) => options.debug?.log(line);
    let client;
    /** Why an attempt read no release, and in a few words for the debug log. */
    function failureOf(result, attempts) {
        const again = attempts > 1 ? ', also when retried' : '';
        if (result.kind === 'answer') {
            return { reason: refused(result, again), short: `HTTP ${result.status}` };
        }
        const trouble = (0,failure/* classifyFailure */.XE)(result, proxy);
        const viaProxy = proxy && (0,failure/* proxyTroubleText */.fF)(trouble, proxy, (0,failure/* hostPort */.QL)(apiUrl));
        if (viaProxy !== undefined) {
            return { reason: `the GitHub API was not reached: ${viaProxy}${again}`, short: 'proxy' };
        }
        if (trouble.kind === 'tls') {
            return {
                reason: `the TLS certificate of ${api} was rejected (${result.code}): with a private certificate ` +
                    'authority, set NODE_EXTRA_CA_CERTS on the step to a PEM file holding its certificate',
                short: result.code,
            };
        }
        if (trouble.kind === 'timeout') {
            return {
                reason: `${api} did not answer within ${timeoutMs / 1000} s${again}`,
                short: 'timeout',
            };
        }
        return { reason: `${api} could not be reached (${result.code})${again}`, short: result.code };
    }
    async function get(what, call) {
        if (token === '')
            throw new Error('no token was given (input `github-token` is empty)');
        // It travels in a header: a bad one would be refused with an error that reads like a network one.
        if (!/^[\x21-\x7e]+$/.test(token)) {
            throw new Error('the token (input `github-token`) holds characters a token cannot have');
        }
        if (owner === '' || repo === '') {
            throw new Error('the repository is not known (GITHUB_REPOSITORY is not set)');
        }
        client ??= (0,github/* getOctokit */.Q)(token, {
            baseUrl: apiUrl.replace(/\/+$/, ''),
            userAgent: meta/* USER_AGENT */._O,
            log: SILENT,
            request: { fetch: fetchOver(transport, timeoutMs, options.debug), log: SILENT },
        });
        const rest = client.rest;
        let data;
        const { last, attempts } = await (0,retry/* withRetries */.LH)(async () => {
            try {
                ({ data } = await call(rest));
                return READ;
            }
            catch (error) {
                return attemptOf(error);
            }
        }, 1, clock, (result, attempt, next) => {
            if (result === READ)
                return;
            if (result.status === 404) {
                log(`GitHub: no ${what} (HTTP 404)`);
                return;
            }
            const line = `GitHub: the ${what} could not be read (${failureOf(result, attempt).short})`;
            if (next.kind === 'wait')
                log(`${line}: retried once in ${next.ms} ms`);
            else
                log(`${line}${attempt === 1 ? ': not retried' : ', also when retried'}`);
        }, 
        // One retry, half a second later, after a failure a retry may mend or a 5xx: GitHub only
        // adds to what is sent, so it may hold the deploy about 20 s at most (two deadlines).
        {
            retryable: (result) => result.kind === 'answer' ? result.status >= 500 : (0,retry/* isRetryable */.r3)(result),
            backoffMs: () => 500,
        });
        if (last.status === 404)
            return undefined;
        if (last !== READ)
            throw new Error(failureOf(last, attempts).reason);
        const tag = (0,json/* stringOf */.Je)((0,json/* field */.ZZ)(data, 'tag_name')).trim();
        if (tag === '')
            throw new Error('the GitHub API gave an answer that is not a release');
        return { tag, body: (0,json/* stringOf */.Je)((0,json/* field */.ZZ)(data, 'body')), url: (0,json/* stringOf */.Je)((0,json/* field */.ZZ)(data, 'html_url')) };
    }
    return {
        latestRelease: () => get('latest release', (rest) => rest.repos.getLatestRelease({ owner, repo })),
        releaseByTag: (tag) => get(`release for tag ${JSON.stringify(tag)}`, (rest) => rest.repos.getReleaseByTag({ owner, repo, tag })),
    };
}


/***/ })

};
