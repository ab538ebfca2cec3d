// Regenerates test/fixtures/github-openapi-release-routes.json, the excerpt of GitHub's OpenAPI
// document that test/action/github-api-schema.test.ts checks the fake GitHub API against: the 200 and 404
// answers of the two release routes the action reads, and every component they reference, followed
// transitively. The whole document (the @octokit/openapi package, about 385 MB installed) is not a
// development dependency; to refresh the excerpt, install it on purpose and run this:
//   npm install --no-save @octokit/openapi@<version> && npx node scripts/github-openapi-excerpt.ts
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const PACKAGE = '@octokit/openapi';
const FILE = 'generated/api.github.com.json';
const ROUTES = [
  '/repos/{owner}/{repo}/releases/latest',
  '/repos/{owner}/{repo}/releases/tags/{tag}',
];
const STATUSES = ['200', '404'];
const OUT = fileURLToPath(
  new URL('../test/fixtures/github-openapi-release-routes.json', import.meta.url),
);

type Json = Record<string, unknown>;
type Components = Record<string, Record<string, unknown>>;

/** The `$ref`s found anywhere in a value. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

/** The excerpt: the routes' answers of those statuses, and the components they reach. */
export function excerpt(spec: {
  paths: Record<string, { get: { responses: Json } }>;
  components: Components;
}): Json {
  const paths: Json = {};
  for (const route of ROUTES) {
    const responses = spec.paths[route]?.get.responses ?? {};
    paths[route] = {
      get: { responses: Object.fromEntries(STATUSES.map((status) => [status, responses[status]])) },
    };
  }
  const components: Components = {};
  const pending = refsIn(paths);
  for (let ref = pending.pop(); ref !== undefined; ref = pending.pop()) {
    const [, kind = '', name = ''] = /^#\/components\/([^/]+)\/(.+)$/.exec(ref) ?? [];
    if (components[kind]?.[name] !== undefined) continue;
    const target = spec.components[kind]?.[name];
    if (target === undefined) throw new Error(`unknown $ref ${ref}`);
    components[kind] = { ...components[kind], [name]: target };
    pending.push(...refsIn(target));
  }
  return { paths, components };
}

if (import.meta.main) {
  const require = createRequire(import.meta.url);
  let path: string;
  try {
    path = require.resolve(`${PACKAGE}/${FILE}`);
  } catch {
    console.error(`${PACKAGE} is not installed: npm install --no-save ${PACKAGE}@<version> first.`);
    process.exit(1);
  }
  const { version } = require(`${PACKAGE}/package.json`) as { version: string };
  const spec = JSON.parse(readFileSync(path, 'utf8'));
  const source = {
    package: PACKAGE,
    version,
    file: FILE,
    cut: `paths ${ROUTES.join(' and ')}, GET, responses ${STATUSES.join(' and ')}; the components they reference, transitively`,
    script: 'scripts/github-openapi-excerpt.ts',
  };
  writeFileSync(OUT, `${JSON.stringify({ 'x-excerpt-of': source, ...excerpt(spec) }, null, 2)}\n`);
  // In the repository's own format, so that `npx biome check .` passes on it as written.
  spawnSync('npx', ['biome', 'format', '--write', OUT], { stdio: 'inherit' });
  console.log(`Wrote ${OUT} from ${PACKAGE}@${version}.`);
}
