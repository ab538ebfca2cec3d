// The licence notices a bundle must carry: one section per package the bundler put into it, read
// from the bundler's own account of the modules it included (ncc's webpack stats), never from a
// list kept by hand. The build writes them (scripts/build.ts); check-dist proves them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The part of webpack's stats read here: every module, with those merged into one nested. */
export interface Stats {
  modules?: StatsModule[];
}

interface StatsModule {
  identifier?: string;
  nameForCondition?: string;
  /** The chunks (output files) holding the module: none for a module the bundler left out. */
  chunks?: unknown[];
  modules?: StatsModule[];
}

/** The folder of the package a module file belongs to (the innermost node_modules), if any. */
export function packageFolder(file: string): string | undefined {
  const path = file.replaceAll('\\', '/');
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const [first = '', second = ''] = path.slice(at + '/node_modules/'.length).split('/');
  const name = first.startsWith('@') ? `${first}/${second}` : first;
  return `${path.slice(0, at)}/node_modules/${name}`;
}

/**
 * The package folders of every module the bundle holds, each once, sorted. A module in no chunk
 * was left out (unused, free of side effects); one merged into another is in its chunks.
 */
export function bundledFolders(stats: Stats): string[] {
  const folders = new Set<string>();
  const visit = (module: StatsModule) => {
    // A loader's module is named `loader!…!file`: the file is the part after the last `!`.
    const file = module.nameForCondition ?? module.identifier?.split('!').at(-1) ?? '';
    const folder = packageFolder(file);
    if (folder !== undefined) folders.add(folder);
    for (const inner of module.modules ?? []) visit(inner);
  };
  for (const module of stats.modules ?? []) {
    if ((module.chunks?.length ?? 0) > 0) visit(module);
  }
  return [...folders].sort();
}

/** The bundles: entry, output folder (inside dist/) and the name of its stats file. */
export const BUNDLES: [entry: string, dir: string, name: string][] = [
  ['src/action/index.ts', '', 'action'],
  ['src/cli/index.ts', 'cli', 'cli'],
];

export interface BundledPackage {
  name: string;
  version: string;
  license: string;
  /** The package's licence and notice files, each as published. */
  texts: string[];
}

const LICENSE_FILE = /^(licen[cs]e|copying|notice)(\.|-|$)/i;

/** A package's name, version, declared licence and licence files; throws when it ships none. */
export function bundledPackage(folder: string): BundledPackage {
  const { name, version, license } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const files = readdirSync(folder)
    .filter((file) => LICENSE_FILE.test(file))
    .sort();
  if (files.length === 0) {
    throw new Error(`${name} is bundled but ships no licence file: its notice cannot be carried.`);
  }
  const texts = files.map((file) => readFileSync(join(folder, file), 'utf8').trim());
  return { name, version, license: String(license ?? 'see its text'), texts };
}

/** The section of one package in a licences file. */
export function licenseSection(pkg: BundledPackage): string {
  return `${pkg.name}@${pkg.version}\nLicense: ${pkg.license}\n\n${pkg.texts.join('\n\n')}\n`;
}

const RULE = `\n${'-'.repeat(78)}\n\n`;

/** The licences file of a bundle: a line naming each package, then each one's notice. */
export function licensesFile(packages: BundledPackage[]): string {
  const sorted = [...packages].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const names = [...new Set(sorted.map((pkg) => `- ${pkg.name}@${pkg.version} (${pkg.license})`))];
  const head = `This bundle includes the following packages; each one's licence follows.\n\n${names.join('\n')}\n`;
  // A package installed twice at the same version is bundled from two folders: one notice.
  return [head, ...new Set(sorted.map(licenseSection))].join(RULE);
}

/** The packages of a bundle, from the stats of its build. */
export function packagesOf(stats: Stats): BundledPackage[] {
  return bundledFolders(stats).map(bundledPackage);
}

/** Each package bundled whose notice the licences file lacks, as a sentence. */
export function missingNotices(packages: BundledPackage[], licenses: string): string[] {
  return packages
    .filter((pkg) => !licenses.includes(licenseSection(pkg)))
    .map((pkg) => `${pkg.name}@${pkg.version} is bundled, but its licence text is not there`);
}
