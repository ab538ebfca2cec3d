export const id = 191;
export const ids = [191];
export const modules = {

/***/ 9191:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   createOctokit: () => (/* binding */ createOctokit)
/* harmony export */ });
/* harmony import */ var _octokit_core__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5194);
/* harmony import */ var _core_meta_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7898);
/* harmony import */ var _core_transport_fetch_adapter_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9851);
// The GitHub client, loaded only through github.ts's dynamic import(): its own chunk. Octokit's
// core (the client `@actions/github` builds on) with the step's transport as its fetch, so none
// of `@actions/github`'s own proxy and fetch machinery (undici's fetch among it) is bundled.



const SILENT = { debug() { }, info() { }, warn() { }, error() { } };
function createOctokit(token, apiUrl, transport, timeoutMs) {
    return new _octokit_core__WEBPACK_IMPORTED_MODULE_1__/* .Octokit */ .E({
        auth: token,
        baseUrl: apiUrl.replace(/\/+$/, ''),
        userAgent: _core_meta_js__WEBPACK_IMPORTED_MODULE_2__/* .USER_AGENT */ ._O,
        // Octokit would print server-sent deprecation text to the console: nothing prints raw.
        log: SILENT,
        request: { fetch: (0,_core_transport_fetch_adapter_js__WEBPACK_IMPORTED_MODULE_0__/* .fetchOver */ .h)(transport, timeoutMs) },
    });
}


/***/ })

};
