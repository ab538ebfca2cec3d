// The committed bundles: the action's holds @actions/core and, in a chunk loaded when the run's
// context is first read, @actions/github, all on one undici; the command's holds neither, nor the
// parts of undici that only fetch and the other web APIs need.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleFiles, UNDICI_MARKERS, undiciModuleCounts } from '../support/bundle.js';
import { KEYS } from '../support/emulator.js';
import { leakedFragments, ROOT, runAction } from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const require = createRequire(join(ROOT, 'package.json'));
const dist = join(ROOT, 'dist');
const entry = join(dist, 'index.js');
const cliEntry = join(dist, 'cli/index.js');
const source = (file: string) => readFileSync(file, 'utf8');
const packageJson = JSON.parse(source(join(ROOT, 'package.json')));
const installed = (path: string) => join(ROOT, 'node_modules', path);
const chunks = bundleFiles(dist).filter((file) => file !== entry);

/** What the action runs, each with a line of its own source, and where the bundle holds it. */
const BUNDLED: [module: string, marker: string, where: 'entry' | 'chunk'][] = [
  // A line of setSecret's body: the bundler may rename the function itself.
  ['@actions/core/lib/core.js', "issueCommand('add-mask', {}, secret);", 'entry'],
  ['@actions/core/lib/summary.js', 'addDetails(label, content) {', 'entry'],
  // @actions/github and its client: in a chunk of their own, loaded by a dynamic import().
  ['@actions/github/lib/context.js', 'export class Context {', 'chunk'],
  [
    '@actions/github/lib/github.js',
    'export function getOctokit(token, options, ...additionalPlugins) {',
    'chunk',
  ],
  ['@octokit/core/dist-src/index.js', 'class Octokit {', 'chunk'],
];

/** Modules that stay out of the command's bundle (dist/cli/), each with a line of its own source. */
const LEFT_OUT: [module: string, marker: string][] = [
  ['@actions/http-client/lib/index.js', 'class HttpClient {'],
  ['@actions/core/lib/oidc-utils.js', 'ACTIONS_ID_TOKEN_REQUEST_URL'],
  ['undici/index.js', 'module.exports.setGlobalDispatcher = setGlobalDispatcher'],
  ['undici/lib/web/fetch/index.js', 'function fetching ({'],
  // Only a FormData body needs it, through the HTTP/1.1 and HTTP/2 writers (left out by the build).
  ['undici/lib/web/fetch/body.js', 'function extractBody ('],
  [
    'undici/lib/web/fetch/webidl.js',
    'webidl.argumentLengthCheck = function ({ length }, min, ctx) {',
  ],
  ['undici/lib/web/fetch/util.js', 'function responseLocationURL (response, requestFragment) {'],
  ['undici/lib/web/websocket/websocket.js', 'class WebSocket extends EventTarget {'],
  ['undici/lib/web/eventsource/eventsource.js', 'class EventSource extends EventTarget {'],
  ['undici/lib/web/cache/cachestorage.js', 'class CacheStorage {'],
  ['undici/lib/mock/mock-agent.js', 'class MockAgent extends Dispatcher {'],
];

describe('the bundle (dist/)', () => {
  // @actions/core loads undici whole (its http-client imports undici's main entry): the plain
  // action built from the same packages is one file of 1.29 MB.
  it('keeps dist/index.js at most 1.3 MB, and the chunk of @actions/github at most 250 KB', () => {
    expect(statSync(entry).size).toBeLessThanOrEqual(1_300_000);
    const github = chunks.find((file) => source(file).includes('class Context {'));
    expect(github).toBeDefined();
    expect(statSync(github ?? '').size).toBeLessThanOrEqual(250_000);
  });

  it('is ASCII only, every file of both bundles: V8 keeps a bundle with one other character in two bytes a character', () => {
    const files = [...bundleFiles(dist), ...bundleFiles(join(dist, 'cli'))];
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect(files.filter((file) => /[^\0-\x7f]/.test(source(file)))).toEqual([]);
  });

  it('ships no source map: every job downloads the repository, and nothing reads the map', () => {
    expect(readdirSync(dist).filter((name) => name.endsWith('.map'))).toEqual([]);
    expect(packageJson.scripts.build).not.toContain('--source-map');
  });

  it.each(BUNDLED)('holds %s in its %s', (module, marker, where) => {
    // The marker is a line of that module, so the check cannot pass by a stale marker.
    expect(source(installed(module))).toContain(marker);
    const bare = marker.replace(/^export /, '');
    const inChunks = chunks.filter((file) => source(file).includes(bare));
    if (where === 'entry') expect(source(entry)).toContain(bare);
    else {
      expect(source(entry)).not.toContain(bare);
      expect(inChunks).toHaveLength(1);
    }
  });

  it.each(LEFT_OUT)('leaves %s out of dist/cli/', (module, marker) => {
    expect(source(installed(module))).toContain(marker);
    for (const file of bundleFiles(join(dist, 'cli'))) expect(source(file)).not.toContain(marker);
  });

  it('holds exactly one undici in all of dist/*.js, chunks included', () => {
    const counts = undiciModuleCounts(bundleFiles(dist));
    expect(Object.keys(counts)).not.toHaveLength(0);
    for (const count of Object.values(counts)) expect(count).toBe(1);
  });

  // @actions/core and @actions/github both use it; `overrides` gives @actions/github the same 4.x.
  it('holds exactly one @actions/http-client in all of dist/*.js', () => {
    const marker = 'class HttpClientResponse {';
    expect(source(installed('@actions/http-client/lib/index.js'))).toContain(marker);
    const copies = bundleFiles(dist).flatMap((file) => source(file).split(marker).slice(1));
    expect(copies).toHaveLength(1);
  });

  it('counts a module bundled twice, once in the entry and once in a chunk, as two', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lad-bundle-'));
    const marker = UNDICI_MARKERS['lib/dispatcher/client.js'] ?? '';
    writeFileSync(join(dir, 'index.js'), `${marker}\n`);
    writeFileSync(join(dir, '413.index.js'), `other\n${marker}\n`);
    writeFileSync(join(dir, 'index.js.map'), marker);
    expect(undiciModuleCounts(bundleFiles(dir))['lib/dispatcher/client.js']).toBe(2);
  });
});

describe('the undici modules loaded by path (src/core/transport/undici.ts)', () => {
  const imported = [
    ...source(join(ROOT, 'src/core/transport/undici.ts')).matchAll(/from '(undici\/[^']+)'/g),
  ].map((match) => match[1] ?? '');

  it('are pinned to the exact undici version installed', () => {
    expect(packageJson.dependencies.undici).toMatch(/^\d+\.\d+\.\d+$/);
    expect(JSON.parse(source(installed('undici/package.json'))).version).toBe(
      packageJson.dependencies.undici,
    );
  });

  // Resolved as the bundler resolves them: this fails too if undici starts restricting its paths.
  it.each(imported)('%s exists in that version', (path) => {
    expect(() => require.resolve(path)).not.toThrow();
  });

  it('include the agents and the request API', () => {
    expect(imported).toEqual(
      expect.arrayContaining([
        'undici/lib/dispatcher/agent.js',
        'undici/lib/dispatcher/proxy-agent.js',
        'undici/lib/dispatcher/dispatcher.js',
        'undici/lib/api/api-request.js',
        'undici/lib/api/api-connect.js',
      ]),
    );
  });
});

describe('the install patches (patches/, applied by prepare)', () => {
  it('reads an unasked-for 100 Continue as informational, with the upstream report beside it', () => {
    const parser = source(installed('undici/lib/dispatcher/client-h1.js'));
    expect(parser).not.toContain('if (statusCode === 100) {');
    expect(parser).toContain('https://github.com/nodejs/undici/issues/197');
  });

  it('loads the HTTP/2 client of undici as undici does: no patch for start-up time', () => {
    expect(source(installed('undici/lib/dispatcher/client.js'))).toMatch(
      /^const connectH2 = require\('\.\/client-h2\.js'\)$/m,
    );
  });

  it('patches nothing for start-up time: one patch, for behaviour', () => {
    expect(readdirSync(join(ROOT, 'patches'))).toEqual(['undici+6.29.1.patch']);
  });

  it.each(['client-h1.js', 'client-h2.js'])(
    "leaves undici's fetch body out of %s by the name undici requires it by (scripts/build.ts)",
    (file) => {
      const writer = source(installed(`undici/lib/dispatcher/${file}`));
      expect(writer).toMatch(/require\('\.\.\/web\/fetch\/body\.js'\)\.extractBody/);
      // Each bundle names it as an external, loaded only if a FormData body were sent (LEFT_OUT
      // above proves its code is not there).
      for (const bundle of [entry, cliEntry]) {
        expect(source(bundle)).toContain('createRequire(import.meta.url)("../web/fetch/body.js")');
      }
    },
  );

  it('runs patch-package on every install of the repository and fails when a patch no longer applies', () => {
    // `prepare`: `npm ci` in the repository runs it, an install of the published package never does.
    expect(packageJson.scripts.prepare).toBe('patch-package --error-on-fail --error-on-warn');
    for (const hook of ['preinstall', 'install', 'postinstall']) {
      expect(packageJson.scripts[hook]).toBeUndefined();
    }
  });
});

describe('a run of the bundle', () => {
  const local = useEmulator();

  /** Node's built-in modules a run of the bundle loaded, read from the process itself at exit. */
  async function builtinsLoaded(): Promise<string[]> {
    const file = join(mkdtempSync(join(tmpdir(), 'lad-builtins-')), 'loaded.txt');
    const hook = `import{writeFileSync}from"node:fs";process.on("exit",()=>writeFileSync(${JSON.stringify(file)},process.moduleLoadList.join("\\n")))`;
    const result = await runAction({
      inputs: { 'listing-id': 'asset-1', 'api-key': KEYS.creator, 'base-url': local.base },
      env: { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(hook)}` },
    });
    expect(result.code).toBe(0);
    // The default step: the one GET of the list, then the update.
    expect(local.emulator.requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
    expect(leakedFragments(result, KEYS.creator)).toEqual([]);
    return source(file).split('\n');
  }

  it('does not load the fetch built into Node: its own undici sends the requests', async () => {
    const loaded = await builtinsLoaded();
    // node:http is what it does use: the list is real.
    expect(loaded).toContain('NativeModule http');
    expect(loaded).not.toContain('NativeModule internal/deps/undici/undici');
  });

  it("changes neither V8's flags nor the WebAssembly global while it runs", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lad-globals-')), 'changes.txt');
    // Records every V8 flag the bundle sets, and at exit which WebAssembly functions differ from
    // those the process started with.
    const hook = `import v8 from "node:v8";import{syncBuiltinESMExports}from"node:module";import{writeFileSync}from"node:fs";
const seen=[];const set=v8.setFlagsFromString;v8.setFlagsFromString=(f)=>{seen.push("flag "+f);return set(f)};syncBuiltinESMExports();
const wasm={...Object.getOwnPropertyDescriptors(WebAssembly)};
process.on("exit",()=>{for(const[name,d]of Object.entries(Object.getOwnPropertyDescriptors(WebAssembly)))if(d.value!==wasm[name]?.value)seen.push("WebAssembly."+name);writeFileSync(${JSON.stringify(file)},seen.join("\\n"))})`;
    const result = await runAction({
      inputs: { 'listing-id': 'asset-1', 'api-key': KEYS.creator, 'base-url': local.base },
      env: { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(hook)}` },
    });
    expect(result.code).toBe(0);
    expect(local.emulator.requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
    expect(source(file)).toBe('');
  });
});
