export const id = 191;
export const ids = [191];
export const modules = {

/***/ 9191:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   context: () => (/* reexport safe */ _actions_github__WEBPACK_IMPORTED_MODULE_0__._),
/* harmony export */   createOctokit: () => (/* binding */ createOctokit)
/* harmony export */ });
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2413);
/* harmony import */ var _core_meta_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7898);
/* harmony import */ var _core_transport_fetch_adapter_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9851);
// @actions/github, loaded only through github.ts's dynamic import(): its own chunk. Its `context`
// is the run's event; its client sends every request through the step's transport (`request.fetch`),
// so the agent and fetch the package makes when it loads are never used.




const SILENT = { debug() { }, info() { }, warn() { }, error() { } };
function createOctokit(token, apiUrl, transport, timeoutMs, debug) {
    return (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(token, {
        baseUrl: apiUrl.replace(/\/+$/, ''),
        userAgent: _core_meta_js__WEBPACK_IMPORTED_MODULE_2__/* .USER_AGENT */ ._O,
        // Octokit would print server-sent deprecation text to the console: nothing prints raw. Its
        // request layer logs through `request.log` (else the console), not the client's own `log`.
        log: SILENT,
        request: { fetch: (0,_core_transport_fetch_adapter_js__WEBPACK_IMPORTED_MODULE_1__/* .fetchOver */ .h)(transport, timeoutMs, debug), log: SILENT },
    });
}


/***/ })

};
