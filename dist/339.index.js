export const id = 339;
export const ids = [339];
export const modules = {

/***/ 6339:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   context: () => (/* reexport safe */ _actions_github__WEBPACK_IMPORTED_MODULE_0__._),
/* harmony export */   createGitHub: () => (/* binding */ createGitHub)
/* harmony export */ });
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2413);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _core_json_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6153);
/* harmony import */ var _core_meta_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7898);
/* harmony import */ var _core_transport_exchange_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3872);
/* harmony import */ var _core_transport_failure_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6175);
/* harmony import */ var _core_transport_retry_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9558);
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
    const response = (0,_core_json_js__WEBPACK_IMPORTED_MODULE_2__/* .field */ .ZZ)(error, 'response');
    const status = (0,_core_json_js__WEBPACK_IMPORTED_MODULE_2__/* .field */ .ZZ)(response, 'status');
    if (typeof status === 'number') {
        const headers = Object.entries((0,_core_json_js__WEBPACK_IMPORTED_MODULE_2__/* .field */ .ZZ)(response, 'headers') ?? {});
        return answer(status, Object.fromEntries(headers.map(([name, value]) => [name, `${value}`])));
    }
    // What Octokit's fetch throws, Octokit throws as the cause of its own error.
    const cause = (0,_core_json_js__WEBPACK_IMPORTED_MODULE_2__/* .field */ .ZZ)(error, 'cause');
    if (cause instanceof _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .TransportError */ .wX)
        return cause.failure;
    return { kind: 'failure', code: (0,_core_transport_failure_js__WEBPACK_IMPORTED_MODULE_5__/* .errorCode */ .CA)(error) ?? 'network error', ms: 0 };
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
    const clock = options.clock ?? _core_transport_retry_js__WEBPACK_IMPORTED_MODULE_4__/* .REAL_CLOCK */ .Ib;
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
        const trouble = (0,_core_transport_failure_js__WEBPACK_IMPORTED_MODULE_5__/* .classifyFailure */ .XE)(result, proxy);
        const viaProxy = proxy && (0,_core_transport_failure_js__WEBPACK_IMPORTED_MODULE_5__/* .proxyTroubleText */ .fF)(trouble, proxy, (0,_core_transport_failure_js__WEBPACK_IMPORTED_MODULE_5__/* .hostPort */ .QL)(apiUrl));
        if (viaProxy !== undefined) {
            return { reason: `the GitHub API was not reached: ${viaProxy}${again}`, short: 'proxy' };
        }
        if (trouble.kind === 'timeout') {
            return {
                reason: `${api} did not answer within ${timeoutMs / 1000} s${again}`,
                short: 'timeout',
            };
        }
        const reason = trouble.kind === 'tls'
            ? `the TLS certificate of ${api} was rejected (${result.code}): with a private certificate ` +
                'authority, set NODE_EXTRA_CA_CERTS on the step to a PEM file holding its certificate'
            : `${api} could not be reached (${result.code})${again}`;
        return { reason, short: result.code };
    }
    // Octokit's fetch: each call one attempt over the step's transport, answering with the part of a
    // Response that Octokit reads, so that neither undici's fetch nor Node's is loaded.
    async function fetch(url, init) {
        const request = { method: init.method, url, headers: init.headers, timeoutMs };
        const debug = options.debug && { ...options.debug, via: proxy?.host };
        const result = await (0,_core_transport_exchange_js__WEBPACK_IMPORTED_MODULE_3__/* .exchange */ .cv)(request, transport.dispatcherFor(url), debug);
        if (result.kind === 'failure')
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .TransportError */ .wX(result);
        const headers = new Map(Object.entries(result.headers ?? {}));
        return {
            status: result.status,
            url,
            headers: {
                get: (name) => headers.get(name.toLowerCase()) ?? null,
                [Symbol.iterator]: () => headers.entries(),
            },
            text: async () => result.body,
            arrayBuffer: async () => new TextEncoder().encode(result.body).buffer,
        };
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
        client ??= (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(token, {
            baseUrl: apiUrl.replace(/\/+$/, ''),
            userAgent: _core_meta_js__WEBPACK_IMPORTED_MODULE_6__/* .USER_AGENT */ ._O,
            log: SILENT,
            request: { fetch, log: SILENT },
        });
        const rest = client.rest;
        let data;
        const { last, attempts } = await (0,_core_transport_retry_js__WEBPACK_IMPORTED_MODULE_4__/* .withRetries */ .LH)(async () => {
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
            const line = `GitHub: the ${what} could not be read (${failureOf(result, attempt).short})`;
            if (result.status === 404)
                log(`GitHub: no ${what} (HTTP 404)`);
            else if (next.kind === 'wait')
                log(`${line}: retried once in ${next.ms} ms`);
            else
                log(`${line}${attempt === 1 ? ': not retried' : ', also when retried'}`);
        }, 
        // One retry, half a second later, after a failure a retry may mend or a 5xx: GitHub only
        // adds to what is sent, so it may hold the deploy about 20 s at most (two deadlines).
        {
            retryable: (result) => result.kind === 'answer' ? result.status >= 500 : (0,_core_transport_retry_js__WEBPACK_IMPORTED_MODULE_4__/* .isRetryable */ .r3)(result),
            backoffMs: () => 500,
        });
        if (last.status === 404)
            return undefined;
        if (last !== READ)
            throw new Error(failureOf(last, attempts).reason);
        const tag = (0,_core_json_js__WEBPACK_IMPORTED_MODULE_2__/* .stringOf */ .Je)((0,_core_json_js__WEBPACK_IMPORTED_MODULE_2__/* .field */ .ZZ)(data, 'tag_name')).trim();
        if (tag === '')
            throw new Error('the GitHub API gave an answer that is not a release');
        return { tag, body: (0,_core_json_js__WEBPACK_IMPORTED_MODULE_2__/* .stringOf */ .Je)((0,_core_json_js__WEBPACK_IMPORTED_MODULE_2__/* .field */ .ZZ)(data, 'body')), url: (0,_core_json_js__WEBPACK_IMPORTED_MODULE_2__/* .stringOf */ .Je)((0,_core_json_js__WEBPACK_IMPORTED_MODULE_2__/* .field */ .ZZ)(data, 'html_url')) };
    }
    return {
        latestRelease: () => get('latest release', (rest) => rest.repos.getLatestRelease({ owner, repo })),
        releaseByTag: (tag) => get(`release for tag ${JSON.stringify(tag)}`, (rest) => rest.repos.getReleaseByTag({ owner, repo, tag })),
    };
}


/***/ })

};
