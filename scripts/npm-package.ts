// `node scripts/npm-package.ts X.Y.Z OWNER/REPO`: whether the release of X.Y.Z publishes the
// command line's npm package, and every reason it could not. The release workflow runs it in the
// read-only job (to fail before anything is tagged) and in the publishing job, where it writes
// `publish=true|false` to GITHUB_OUTPUT. Without a `bin` there is no command to publish yet.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PackageJson {
  name?: unknown;
  version?: unknown;
  private?: unknown;
  bin?: unknown;
  files?: unknown;
  repository?: unknown;
  scripts?: unknown;
  engines?: unknown;
}

export interface NpmPackageVerdict {
  publish: boolean;
  problems: string[];
}

/** The scripts npm runs when a user installs the package from the registry. */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

function binPaths(bin: unknown): string[] {
  if (typeof bin === 'string') return [bin];
  if (typeof bin === 'object' && bin !== null) {
    return Object.values(bin).filter((path): path is string => typeof path === 'string');
  }
  return [];
}

/** `./dist/cli/` and `dist/cli` name the same folder. */
const normal = (path: string) => path.replace(/^\.\//, '').replace(/\/+$/, '');

function repositoryUrl(repository: unknown): string {
  if (typeof repository === 'string') return repository;
  if (typeof repository === 'object' && repository !== null && 'url' in repository) {
    return typeof repository.url === 'string' ? repository.url : '';
  }
  return '';
}

/** npm's provenance is refused unless `repository` names the repository that runs the workflow. */
function namesRepository(url: string, repo: string): boolean {
  const match = /github\.com[/:]([^/]+\/[^/]+?)(?:\.git)?\/?$/i.exec(url);
  return match?.[1]?.toLowerCase() === repo.toLowerCase();
}

export function npmPackage(pkg: PackageJson, version: string, repo: string): NpmPackageVerdict {
  const bins = binPaths(pkg.bin);
  if (bins.length === 0) return { publish: false, problems: [] };
  const problems: string[] = [];
  if (pkg.private === true) {
    problems.push('package.json is "private": npm refuses to publish it.');
  }
  if (pkg.version !== version) {
    problems.push(`package.json has version ${String(pkg.version)}, not ${version}.`);
  }
  if (!namesRepository(repositoryUrl(pkg.repository), repo)) {
    problems.push(
      `package.json's "repository" must be https://github.com/${repo}: npm checks it against ` +
        'the provenance of the workflow that publishes.',
    );
  }
  const files = Array.isArray(pkg.files)
    ? pkg.files.filter((file): file is string => typeof file === 'string').map(normal)
    : [];
  if (files.length === 0) {
    problems.push('package.json has no "files": the package would carry the whole repository.');
  }
  for (const bin of bins.map(normal)) {
    if (files.length > 0 && !files.some((file) => bin === file || bin.startsWith(`${file}/`))) {
      problems.push(`The command ${bin} is not in "files": the package would not contain it.`);
    }
  }
  const scripts = typeof pkg.scripts === 'object' && pkg.scripts !== null ? pkg.scripts : {};
  for (const name of INSTALL_SCRIPTS.filter((script) => script in scripts)) {
    problems.push(`package.json has a "${name}" script, which would run on every user's install.`);
  }
  problems.push(...enginesProblems(pkg.engines));
  return { publish: problems.length === 0, problems };
}

/**
 * `engines` names the Node lines the command is tested on, and no npm: npm warns on every
 * install and `npx` run when its own version is outside `engines.npm`, and a supported Node may
 * come with an older npm.
 */
function enginesProblems(engines: unknown): string[] {
  const fields = typeof engines === 'object' && engines !== null ? engines : {};
  const problems: string[] = [];
  if (!('node' in fields) || typeof fields.node !== 'string' || fields.node.trim() === '') {
    problems.push('package.json has no "engines.node": it should name the Node lines tested.');
  }
  if ('npm' in fields) {
    problems.push(
      'package.json has "engines.npm": the npm of a supported Node would warn on every install.',
    );
  }
  return problems;
}

if (import.meta.main) {
  const [version = '', repo = process.env.GITHUB_REPOSITORY ?? ''] = process.argv.slice(2);
  const root = fileURLToPath(new URL('../', import.meta.url));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
  const verdict = npmPackage(pkg, version, repo);
  for (const problem of verdict.problems) console.error(`::error title=npm package::${problem}`);
  if (verdict.problems.length > 0) process.exitCode = 1;
  else if (!verdict.publish) console.log('No "bin" in package.json: no npm package to publish.');
  else console.log(`${String(pkg.name)}@${version} can be published to npm.`);
  if (process.env.GITHUB_OUTPUT) {
    appendFileSync(process.env.GITHUB_OUTPUT, `publish=${verdict.publish}\n`);
  }
}
