import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import { sectionFromFile } from '../../../src/core/changelog/read.js';
import { ResolveError } from '../../../src/core/errors.js';

// Real changelogs from public repositories (sources, commits and cuts in SOURCES.md beside them)
// and, for several releases of each, the section a maintainer would cut by hand (SPEC 7.2). The
// expected lines were read from the files, never taken from the reader. The first line is compared
// exactly: blank lines are trimmed, indentation is not, since `  * a` followed by `  * b` would
// render `b` nested under `a` once the first line lost its two spaces. The last line is compared
// once the reference definitions the reader may append (SPEC 7.2, "stands alone") are set aside.
const FIXTURES = fileURLToPath(new URL('../../fixtures/changelogs/', import.meta.url));

interface CorpusCase {
  readonly file: string;
  /** The version to send, as the release gives it (a tag, with or without `v` or a prefix). */
  readonly version: string;
  /** `strip-tag-prefix`. */
  readonly prefix?: string;
  /** What the case proves. */
  readonly why: string;
  /** The section's first line, exactly (the section is trimmed of blank lines, not of indentation). */
  readonly first: string;
  /** The section's last line, trailing spaces aside, before any reference definitions appended. */
  readonly last: string;
  /** Text of the neighbouring releases or of the file that the section must not hold. */
  readonly absent: readonly string[];
}

const CASES: readonly CorpusCase[] = [
  {
    file: 'standard-version.md',
    version: '9.5.0',
    why: 'newest',
    first: '### Features',
    last: '* **deps:** update dependency conventional-changelog-conventionalcommits to v4.6.3 ([#866](https://github.com/conventional-changelog/standard-version/issues/866)) ([6c75ed0](https://github.com/conventional-changelog/standard-version/commit/6c75ed0b1456913ae7e4d6fe8532fb4106df1bdf))',
    absent: ['## [9.4.0]', 'add .cjs config file'],
  },
  {
    file: 'standard-version.md',
    version: '9.4.0',
    why: 'a ## minor ends at the ### patch below it',
    first: '### Features',
    last: '* Ensures provided `packageFiles` arguments are merged with `bumpFiles` when no `bumpFiles` argument is specified (default). ([#534](https://github.com/conventional-changelog/standard-version/issues/534)) ([2785023](https://github.com/conventional-changelog/standard-version/commit/2785023c91668e7300e6a22e55d31b6bd9dae59b)), closes [#533](https://github.com/conventional-changelog/standard-version/issues/533)',
    absent: ['### [9.3.2]', 'v4.6.1'],
  },
  {
    file: 'standard-version.md',
    version: '9.3.2',
    why: 'a ### patch keeps its own ### Bug Fixes',
    first: '### Bug Fixes',
    last: '* **deps:** update dependency conventional-changelog-conventionalcommits to v4.6.1 ([#752](https://www.github.com/conventional-changelog/standard-version/issues/752)) ([bb8869d](https://www.github.com/conventional-changelog/standard-version/commit/bb8869de7d8bcace1ec92f29e389e7fab506d64e))',
    absent: ['### [9.3.1]', 'npm7 package lock'],
  },
  {
    file: 'standard-version.md',
    version: '9.2.0',
    why: 'a ## minor ends at the ### patch below it',
    first: '### Features',
    last: '* allows seperate prefixTag version sequences ([#573](https://www.github.com/conventional-changelog/standard-version/issues/573)) ([3bbba02](https://www.github.com/conventional-changelog/standard-version/commit/3bbba025057ba40c3e15880fede2af851841165b))',
    absent: ['### [9.1.1]', 'yargs to v16'],
  },
  {
    file: 'standard-version.md',
    version: '9.0.0',
    why: 'major with three subsections',
    first: '### ⚠ BREAKING CHANGES',
    last: '* NodeJS@8 is no longer supported. ([#612](https://www.github.com/conventional-changelog/standard-version/issues/612)) ([05edef2](https://www.github.com/conventional-changelog/standard-version/commit/05edef2de79d8d4939a6e699ce0979ff8da12de9))',
    absent: ['### [8.0.2]', 'no longer enclosed in quotes'],
  },
  {
    file: 'standard-version.md',
    version: 'v8.0.1',
    why: 'version given with a v; a ### patch before a ## major',
    first: '### Bug Fixes',
    last: '* Vulnerability Report GHSL-2020-11101 ([9d978ac](https://www.github.com/conventional-changelog/standard-version/commit/9d978ac9d4f64be4c7b9d514712ab3757732d561))',
    absent: ['## [8.0.0]', 'composer.json'],
  },
  {
    file: 'standard-version.md',
    version: '8.0.0',
    why: 'last section of the excerpt, to the end of the file',
    first: '### ⚠ BREAKING CHANGES',
    last: '* **deps:** update dependency yargs to v15.3.1 ([#559](https://www.github.com/conventional-changelog/standard-version/issues/559)) ([d98cd46](https://www.github.com/conventional-changelog/standard-version/commit/d98cd4674b4d074c0b7f4d50d052ae618cf494c6))',
    absent: ['### [8.0.1]', 'GHSL-2020-11101'],
  },
  {
    file: 'lerna-angular-preset.md',
    version: '3.8.1',
    why: 'newest, a ## patch above a # minor',
    first: '### Bug Fixes',
    last: '* **command:** log whether CI environment has been detected ([#1841](https://github.com/lerna/lerna/issues/1841)) ([db5631e](https://github.com/lerna/lerna/commit/db5631e)), closes [#1825](https://github.com/lerna/lerna/issues/1825)',
    absent: ['# [3.8.0]', 'Add --contents option'],
  },
  {
    file: 'lerna-angular-preset.md',
    version: '3.8.0',
    why: 'a # minor ends at the ## patch below it',
    first: '### Bug Fixes',
    last: '* **publish:** Add --contents option ([5e790e5](https://github.com/lerna/lerna/commit/5e790e5)), closes [#1817](https://github.com/lerna/lerna/issues/1817)',
    absent: ['## [3.7.2]', 'Accept lazy Package'],
  },
  {
    file: 'lerna-angular-preset.md',
    version: '3.7.2',
    why: 'a ## patch keeps its ### Bug Fixes',
    first: '### Bug Fixes',
    last: '* **version:** Prevent clobbering composed --yes option ([f3816be](https://github.com/lerna/lerna/commit/f3816be))',
    absent: ['## [3.7.1]', 'Pulse progress bar'],
  },
  {
    file: 'lerna-angular-preset.md',
    version: '3.7.1',
    why: 'a ## patch ends at a # minor',
    first: '### Bug Fixes',
    last: '* **run-lifecycle:** Do not execute on packages that lack the target script, avoiding spurious logs ([c0ad316](https://github.com/lerna/lerna/commit/c0ad316))',
    absent: ['# [3.7.0]', 'Snapshot opts'],
  },
  {
    file: 'lerna-angular-preset.md',
    version: '3.7.0',
    why: 'a # minor with two subsections',
    first: '### Bug Fixes',
    last: '* **version:** Refresh package manifests after preversion lifecycle ([7c7bf9a](https://github.com/lerna/lerna/commit/7c7bf9a))',
    absent: ['# [3.6.0]', 'Validate local package version'],
  },
  {
    file: 'lerna-angular-preset.md',
    version: '3.6.0',
    why: 'last section, trailing blank lines trimmed',
    first: '### Bug Fixes',
    last: '* **publish:** Attempt profile retrieval before whoami endpoint during user validation ([38097d8](https://github.com/lerna/lerna/commit/38097d8))',
    absent: ['# [3.7.0]', 'Refresh package manifests after preversion'],
  },
  {
    file: 'angular-release-tooling.md',
    version: '16.2.6',
    why: 'newest; the split marker and the next anchor are left out',
    first: '### core',
    last: '| [82712f80df](https://github.com/angular/angular/commit/82712f80dfc6aed2baf8d8f80c3552a6707c88ff) | fix | ensure a consumer drops all its stale producers ([#51722](https://github.com/angular/angular/pull/51722)) ([#51772](https://github.com/angular/angular/pull/51772)) |',
    absent: ['CHANGELOG SPLIT MARKER', '<a name="17.0.0-next.4"></a>', 'View Transitions'],
  },
  {
    file: 'angular-release-tooling.md',
    version: '17.0.0-next.4',
    why: 'a pre-release of the next major between two patches',
    first: '### core',
    last: '| [73e4bf2ed2](https://github.com/angular/angular/commit/73e4bf2ed2471faf44a49b591e19a390d5867449) | feat | Add feature to support the View Transitions API ([#51314](https://github.com/angular/angular/pull/51314)) |',
    absent: ['CHANGELOG SPLIT MARKER', '<a name="16.2.5"></a>', '# 16.2.5'],
  },
  {
    file: 'angular-release-tooling.md',
    version: '17.0.0-next.3',
    why: '## Breaking Changes inside a # release stays in it',
    first: '## Breaking Changes',
    last: '| [b2aff43621](https://github.com/angular/angular/commit/b2aff4362129feb746856fc3d0f8e73b1927a037) | fix | Remove `urlHandlingStrategy` from public Router properties ([#51631](https://github.com/angular/angular/pull/51631)) |',
    absent: ['CHANGELOG SPLIT MARKER', '<a name="16.2.4"></a>', '# 16.2.4'],
  },
  {
    file: 'angular-release-tooling.md',
    version: 'v17.0.0-next.2',
    why: 'a fenced code block inside a list item; version given with a v',
    first: '## Breaking Changes',
    last: '| [c62e680098](https://github.com/angular/angular/commit/c62e680098a8c26fb2234336613185f7ab273483) | fix | Remove deprecated Router properties ([#51502](https://github.com/angular/angular/pull/51502)) |',
    absent: ['CHANGELOG SPLIT MARKER', '<a name="16.2.3"></a>', '# 16.2.3'],
  },
  {
    file: 'angular-release-tooling.md',
    version: '16.2.3',
    why: 'a patch written at the same level as the pre-releases around it',
    first: '### animations',
    last: '| [8081fdd22d](https://github.com/angular/angular/commit/8081fdd22d6889f92e11cbe4c53d80bddd496a9a) | fix | correct incomplete escaping ([#51557](https://github.com/angular/angular/pull/51557)) |',
    absent: ['CHANGELOG SPLIT MARKER', '<a name="17.0.0-next.1"></a>', 'support TypeScript 5.2'],
  },
  {
    file: 'angular-release-tooling.md',
    version: '16.2.1',
    why: 'last section, the trailing split marker left out',
    first: '### router',
    last: '| [232a8c1b8d](https://github.com/angular/angular/commit/232a8c1b8dadf3f886b4bd0142613d116c865759) | fix | Apply named outlets to children empty paths not appearing in the URL ([#51292](https://github.com/angular/angular/pull/51292)) |',
    absent: ['CHANGELOG SPLIT MARKER', '17.0.0-next.0'],
  },
  {
    file: 'vite-create-vite.md',
    version: '7.0.3',
    why: 'newest, a patch written ## <small>[…]</small>',
    first: '### Features',
    last: '* **create-vite:** bump vite-plugin-svelte to new major for vite7 ([#20394](https://github.com/vitejs/vite/issues/20394)) ([a829a29](https://github.com/vitejs/vite/commit/a829a2963cd201ef0422afdc4cfca3d3e7c92770))',
    absent: ['## <small>[7.0.2]', 'fix command for react rsc template'],
  },
  {
    file: 'vite-create-vite.md',
    version: '7.0.1',
    why: 'a <small> patch with three subsections, before a major',
    first: '### Features',
    last: '* group commits by category in changelog ([#20310](https://github.com/vitejs/vite/issues/20310)) ([41e83f6](https://github.com/vitejs/vite/commit/41e83f62b1adb65f5af4c1ec006de1c845437edc))',
    absent: ['## [7.0.0]', 'BREAKING CHANGES'],
  },
  {
    file: 'vite-create-vite.md',
    version: '7.0.0',
    why: 'a major with six subsections',
    first: '### ⚠ BREAKING CHANGES',
    last: '* bump required node version to 20.19+, 22.12+ and remove cjs build ([#20032](https://github.com/vitejs/vite/issues/20032)) ([2b80243](https://github.com/vitejs/vite/commit/2b80243fada75378e80475028fdcc78f4432bd6f))',
    absent: ['## [6.5.0]', 'add Marko'],
  },
  {
    file: 'vite-create-vite.md',
    version: 'create-vite@6.4.1',
    prefix: 'create-vite@',
    why: 'monorepo tag create-vite@6.4.1 with strip-tag-prefix',
    first: '### Bug Fixes',
    last: '* **create-vite:** update react template README files ([#19876](https://github.com/vitejs/vite/issues/19876)) ([2d4c20e](https://github.com/vitejs/vite/commit/2d4c20ebadc35dae7327ffe6cba85cc5c36d579a))',
    absent: ['## [6.4.0]', 'TanStack Router commands'],
  },
  {
    file: 'vite-create-vite.md',
    version: '6.4.0',
    why: 'a minor ends at the <small> patch below it',
    first: '### Features',
    last: '* **deps:** update dependency globals to v16 ([#19556](https://github.com/vitejs/vite/issues/19556)) ([e4bdd6b](https://github.com/vitejs/vite/commit/e4bdd6b9dd6e2ccf7d11e84a9c2da805e98eed58))',
    absent: ['## <small>[6.3.1]', 'make custom command visible'],
  },
  {
    file: 'vite-create-vite.md',
    version: '6.3.0',
    why: 'last section of the excerpt',
    first: '### Features',
    last: '* **create-vite:** use `@clack/prompts` ([#19445](https://github.com/vitejs/vite/issues/19445)) ([5dae6c1](https://github.com/vitejs/vite/commit/5dae6c17da2ef135c2864500db2c8f3e2cf2b3db))',
    absent: ['## <small>[6.3.1]'],
  },
  {
    file: 'release-please-brancher.md',
    version: '1.4.0',
    why: 'newest, new release-please (## patches)',
    first: '### Features',
    last: '* upgrade repository to Node.js 22 ([#6243](https://github.com/googleapis/repo-automation-bots/issues/6243)) ([e7f322d](https://github.com/googleapis/repo-automation-bots/commit/e7f322d592590ce6f0e5d894de5eab247df077fe))',
    absent: ['## [1.3.4]', 'drop support for Node.js 18'],
  },
  {
    file: 'release-please-brancher.md',
    version: '1.3.4',
    why: 'a new-style ## patch above an old-style ### patch',
    first: '### Bug Fixes',
    last: '* security vulnerability with js-yaml ([#5965](https://github.com/googleapis/repo-automation-bots/issues/5965)) ([fad9d6c](https://github.com/googleapis/repo-automation-bots/commit/fad9d6c60fa5f82b19dd18e3608b7d771e595a9e))',
    absent: ['### [1.3.3]', 'code-suggester to v3'],
  },
  {
    file: 'release-please-brancher.md',
    version: '1.3.3',
    why: 'an old-style ### patch keeps its ### Bug Fixes',
    first: '### Bug Fixes',
    last: '* **deps:** update dependency code-suggester to v3 ([#3727](https://github.com/googleapis/repo-automation-bots/issues/3727)) ([d39e6c0](https://github.com/googleapis/repo-automation-bots/commit/d39e6c0802aa69c83dda617d96d2232a3bcbb388))',
    absent: ['### [1.3.2]', 'yargs default instead of coerce'],
  },
  {
    file: 'release-please-brancher.md',
    version: '1.3.0',
    why: 'a minor with two subsections',
    first: '### Features',
    last: '* **release-brancher:** provide default branch name for PRs ([#2618](https://www.github.com/googleapis/repo-automation-bots/issues/2618)) ([24a15a8](https://www.github.com/googleapis/repo-automation-bots/commit/24a15a89a76e15153f0e6cce2c7d69d97464df5c))',
    absent: ['## [1.2.0]', 'add CLI project'],
  },
  {
    file: 'release-please-brancher.md',
    version: '1.2.0',
    why: 'a ## minor ends at the ### patch below it',
    first: '### Features',
    last: '* update release-brancher PR title to force and initial sp release ([#1674](https://www.github.com/googleapis/repo-automation-bots/issues/1674)) ([fe95c8b](https://www.github.com/googleapis/repo-automation-bots/commit/fe95c8b5a753365a4c8d80daac06899de169b203))',
    absent: ['### [1.1.2]', '### [1.1.1]'],
  },
  {
    file: 'release-please-brancher.md',
    version: 'release-brancher-v1.1.0',
    prefix: 'release-brancher-v',
    why: 'component tag release-brancher-v1.1.0 with strip-tag-prefix',
    first: '### Features',
    last: '* create a second pull request to the new branch duplicating ci config ([#1613](https://www.github.com/googleapis/repo-automation-bots/issues/1613)) ([a2a61be](https://www.github.com/googleapis/repo-automation-bots/commit/a2a61be9b73bb60391dda28808ac860849abe875))',
    absent: ['### [1.0.3]', 'loosen nodejs version requirement'],
  },
  {
    file: 'release-please-brancher.md',
    version: '1.0.0',
    why: 'first release, heading without a link, to the end of the file',
    first: '### Features',
    last: '* add CLI project for automating the creation on release branches ([#1505](https://www.github.com/googleapis/repo-automation-bots/issues/1505)) ([3f5dfc4](https://www.github.com/googleapis/repo-automation-bots/commit/3f5dfc49d2f7f5cb90c90838d84d630f63c3e4f5))',
    absent: ['### [1.0.1]', 'fix build configuration'],
  },
  {
    file: 'changesets-cli.md',
    version: '2.6.4',
    why: 'newest, changesets per-package file',
    first: '### Patch Changes',
    last: '  - @changesets/write@0.1.2',
    absent: ['## 2.6.3', 'Typo fix in prerelease warning message'],
  },
  {
    file: 'changesets-cli.md',
    version: '@changesets/cli@2.6.3',
    prefix: '@changesets/cli@',
    why: 'monorepo tag @changesets/cli@2.6.3 with strip-tag-prefix',
    first: '### Patch Changes',
    last: '  - @changesets/write@0.1.1',
    absent: ['## 2.6.2', '## 2.6.4', 'Add link to changelog in readme'],
  },
  {
    file: 'changesets-cli.md',
    version: '2.6.0',
    why: 'a minor with Minor and Patch Changes',
    first: '### Minor Changes',
    last: '  - @changesets/apply-release-plan@0.4.2',
    absent: ['## 2.5.2', '## 2.6.1', 'single prompt for the semver version type'],
  },
  {
    file: 'changesets-cli.md',
    version: '2.5.2',
    why: 'ends with an indented image',
    first: '### Patch Changes',
    last: '  ![changeset add command with single package repo](https://user-images.githubusercontent.com/11481355/75123292-40f78f00-56fa-11ea-9e16-fe3f5e2d9cf5.gif)',
    absent: ['## 2.5.1', 'only the unreleased pre-release changesets'],
  },
  {
    file: 'changesets-cli.md',
    version: '2.5.1',
    why: 'last section, ends with a nested list item',
    first: '### Patch Changes',
    last: '  - @changesets/apply-release-plan@0.4.1',
    absent: ['## 2.5.2'],
  },
  {
    file: 'git-cliff-default.md',
    version: '0.1.0-rc.6',
    why: "newest, git-cliff's default template",
    first: '### Miscellaneous Tasks',
    last: '- Set the release body on linux',
    absent: ['## [0.1.0-rc.5]', 'skip release commits'],
  },
  {
    file: 'git-cliff-default.md',
    version: '0.1.0-rc.2',
    why: 'a pre-release with four subsections',
    first: '### Bug Fixes',
    last: '- Make tag_pattern optional',
    absent: ['## [0.1.0-rc.1]', '## [0.1.0-rc.3]', '--workdir'],
  },
  {
    file: 'git-cliff-default.md',
    version: '0.1.0-beta.2',
    why: 'last section; the closing HTML comment is left out',
    first: '### Bug Fixes',
    last: '- Update config',
    absent: ['<!-- generated by git-cliff -->', '## [0.1.0-beta.3]'],
  },
  {
    file: 'git-cliff-own.md',
    version: '2.7.0',
    why: '## New Contributors inside a ## release stays in it',
    first: '### ⛰️  Features',
    last: '* @vsn4ik made their first contribution in [#894](https://github.com/orhun/git-cliff/pull/894)',
    absent: ['## [2.6.1]', '@ckrenslehner'],
  },
  {
    file: 'git-cliff-own.md',
    version: 'v2.6.1',
    why: '## New Contributors inside; version given with a v',
    first: '### 🐛 Bug Fixes',
    last: '* @ckrenslehner made their first contribution in [#889](https://github.com/orhun/git-cliff/pull/889)',
    absent: ['## [2.6.0]', '## [2.7.0]', '@pauliyobo'],
  },
  {
    file: 'git-cliff-own.md',
    version: '2.6.0',
    why: 'last section, ends in ## New Contributors',
    first: '### ⛰️  Features',
    last: '* @pplmx made their first contribution in [#824](https://github.com/orhun/git-cliff/pull/824)',
    absent: ['## [2.6.1]', '@ckrenslehner'],
  },
  {
    file: 'keep-a-changelog.md',
    version: '1.1.1',
    why: 'newest release under an Unreleased section',
    first: '### Added',
    last: '- Duplicate index file for the english version',
    absent: ['## [1.1.0]', '## [Unreleased]', 'v1.1 Spanish translation.'],
  },
  {
    file: 'keep-a-changelog.md',
    version: 'v1.1.0',
    why: 'version given with a v, heading without',
    first: '### Added',
    last: '- Indonesian translation (#336).',
    absent: ['## [1.0.0]', 'Arabic translation'],
  },
  {
    file: 'keep-a-changelog.md',
    version: '1.0.0',
    why: 'three subsections, a curly apostrophe',
    first: '### Added',
    last: '- Section about "changelog" vs "CHANGELOG".',
    absent: ['## [0.3.0]', 'RU translation'],
  },
  {
    file: 'keep-a-changelog.md',
    version: '0.0.1',
    why: 'last section; the link definitions at the bottom belong to the file',
    first: '### Added',
    last: '- Counter-examples: "What makes unicorns cry?".',
    absent: ['[unreleased]: https://', '[0.0.2]: https://', '## [0.0.2]'],
  },
  {
    file: 'express-history.md',
    version: '1.0.0rc4',
    why: 'setext heading with a trailing space; 1.0.0rc4 read whole, letters right after the digits (as PEP 440 1.0.0rc1)',
    first: '  * Added _NODE_ENV_ support, _EXPRESS_ENV_ is deprecated and will be removed in 1.0.0',
    last: '  * Fixed mvc example',
    absent: ['1.0.0rc3 / 2010-09-20', '=================='],
  },
  {
    file: 'express-history.md',
    version: '1.0.0rc',
    why: '1.0.0rc is a prefix of 1.0.0rc2, rc3 and rc4 above it; a tab-only line before the next heading',
    first: '  * Added mounted hook. Closes #369',
    last: '  * Fixed; _configure()_ callbacks called immediately. Closes #368',
    absent: ['1.0.0beta2 / 2010-07-23', 'Added more examples'],
  },
  {
    file: 'express-history.md',
    version: '1.0.0beta',
    why: '1.0.0beta is a prefix of 1.0.0beta2 above it',
    first: '  * Re-write',
    last: '    - Check [ExpressJS.com](http://expressjs.com) for migration guide and updated docs',
    absent: ['0.14.0 / 2010-06-15', 'Utilize relative requires'],
  },
  {
    file: 'express-history.md',
    version: '0.14.0',
    why: 'setext heading, list items indented two spaces',
    first: '  * Utilize relative requires',
    last: '  * Removed bin/express',
    absent: ['0.13.0 / 2010-06-01', 'node v0.1.97'],
  },
  {
    file: 'express-history.md',
    version: '0.10.0',
    why: 'a minor next to its patch 0.10.1 written at the same level',
    first:
      "  * Added charset support via Request#charset (automatically assigned to 'UTF-8' when respond()'s",
    last: '  * Fixed bug preventing Opera from retaining the generated session id. Closes #292',
    absent: ['0.10.1 / 2010-05-03', 'Fixed binary uploads.', '0.9.0 / 2010-04-14'],
  },
  {
    file: 'express-history.md',
    version: '0.9.0',
    why: 'ends with a whitespace-only line',
    first: '  * Added DSL level error() route support',
    last: '  * Removed utils.mixin(); use Object#mergeDeep()',
    absent: ['0.8.0 / 2010-03-19', 'coffeescript'],
  },
  {
    file: 'express-history.md',
    version: '0.8.0',
    why: 'last section of the excerpt',
    first: '  * Added coffeescript example app. Closes #242',
    last: "  * Removed deprecated 'express/static' support. Use 'express/plugins/static'",
    absent: ['0.9.0 / 2010-04-14', '=================='],
  },

  {
    file: 'towncrier-attrs.md',
    version: '25.4.0',
    why: 'towncrier; a fenced code block inside a list item',
    first: '### Backwards-incompatible Changes',
    last: '  [#1474](https://github.com/python-attrs/attrs/issues/1474)',
    absent: ['## [25.3.0]', 'generator-based', 'towncrier release notes start'],
  },
  {
    file: 'towncrier-attrs.md',
    version: '25.3.0',
    why: 'a release of one entry between two blank lines',
    first: '### Changes',
    last: '  [#1417](https://github.com/python-attrs/attrs/issues/1417)',
    absent: ['## [25.2.0]', '## [25.4.0]', 'class-wide parameters'],
  },
  {
    file: 'towncrier-attrs.md',
    version: '25.2.0',
    why: 'calendar versions',
    first: '### Changes',
    last: '  [#1410](https://github.com/python-attrs/attrs/issues/1410)',
    absent: ['## [25.1.0]', 'PyPI licensing metadata'],
  },
  {
    file: 'towncrier-attrs.md',
    version: '24.3.0',
    why: 'last section, two subsections, trailing blank lines',
    first: '### Backwards-incompatible Changes',
    last: '  [#1385](https://github.com/python-attrs/attrs/issues/1385)',
    absent: ['## [25.1.0]', 'PyPI licensing metadata'],
  },
  {
    file: 'auto-intuit.md',
    version: '10.4.2',
    why: 'newest; the thematic break before the next release is left out',
    first: '#### 🐛 Bug Fix',
    last: '- Andrew Lisowski ([@hipstersmoothie](https://github.com/hipstersmoothie))',
    absent: ['---', '# v10.4.1', 'Improve readability of release notes'],
  },
  {
    file: 'auto-intuit.md',
    version: 'v10.2.5',
    why: '## Why, ## Change Type and a --- inside a # release stay in it',
    first: '### Release Notes',
    last: '- Andrew Lisowski ([@hipstersmoothie](https://github.com/hipstersmoothie))',
    absent: ['# v10.2.4', 'Truncate commit hash'],
  },
  {
    file: 'auto-intuit.md',
    version: '10.1.0',
    why: 'version without v, heading with it',
    first: ':tada: This release contains work from a new contributor! :tada:',
    last: '- Tim Ottewell ([@tinytim84](https://github.com/tinytim84))',
    absent: ['# v10.0.2', 'series hooks', '# v10.2.0'],
  },
  {
    file: 'auto-intuit.md',
    version: '10.0.0',
    why: 'code blocks and a --- inside; last section, the trailing --- left out',
    first: '### Release Notes',
    last: '- Andrew Lisowski ([@hipstersmoothie](https://github.com/hipstersmoothie))',
    absent: ['# v10.0.1', 'better first-time-contributor thanking'],
  },
  {
    file: 'changelogen.md',
    version: '0.3.1',
    why: 'changelogen, emoji subsections',
    first: '### 🚀 Enhancements',
    last: '- Pooya Parsa',
    absent: ['## [0.3.0]', 'Show changelog in CLI'],
  },
  {
    file: 'changelogen.md',
    version: '0.3.0',
    why: 'a #### subsection inside',
    first: '### 🚀 Enhancements',
    last: '- Pooya Parsa',
    absent: ['## [0.2.3]', 'Import semver as default import'],
  },
  {
    file: 'changelogen.md',
    version: '0.2.0',
    why: 'a ## release ends at the ### patch of the older generator below it',
    first: '### 🚀 Enhancements',
    last: '- 三咲智子',
    absent: ['### [0.1.1]', 'remove `general`'],
  },
  {
    file: 'changelogen.md',
    version: '0.1.1',
    why: 'a ### patch keeps its ### Bug Fixes',
    first: '### Bug Fixes',
    last: '* remove `general` in entries without scope ([31a0861](https://github.com/unjs/changelogen/commit/31a08615bb7da611dcaefe33b510d23aa7d2cc29))',
    absent: ['## [0.1.0]', 'use flat scopes'],
  },
  {
    file: 'changelogen.md',
    version: '0.1.0',
    why: 'a ## minor ends at an empty ### patch',
    first: '### ⚠ BREAKING CHANGES',
    last: '* use flat scopes ([8e33e93](https://github.com/unjs/changelogen/commit/8e33e93e6c4aa4b0b727d351fd73590626d1d6ce))',
    absent: ['### [0.0.6]', '### [0.0.5]', 'commitlint types'],
  },
  {
    file: 'changelogen.md',
    version: '0.0.5',
    why: 'a ### patch right after an empty one',
    first: '### Features',
    last: '* add missing commitlint types ([#6](https://github.com/unjs/changelogen/issues/6)) ([0a6deef](https://github.com/unjs/changelogen/commit/0a6deefae9a433bbb2136ac8675976ac455dd159))',
    absent: ['### [0.0.4]', '/usr/bin/env'],
  },
  {
    file: 'mathjs-history-crlf.md',
    version: '0.7.2',
    why: 'date-first heading; CRLF read as LF',
    first: '- Fixed method unequal, which was checking for equality instead of inequality.',
    last: '  (Thanks FJS2).',
    absent: ['version 0.7.1', '\r'],
  },
  {
    file: 'mathjs-history-crlf.md',
    version: '0.7.1',
    why: 'a version-like 2.3.4 in an entry; nested list',
    first: '- Improvements in the parser:',
    last: '- Fixed: math.js now works on IE 6-8 too.',
    absent: ['version 0.7.0', '\r'],
  },
  {
    file: 'mathjs-history-crlf.md',
    version: '0.5.0',
    why: 'starts with an emphasised note naming version 0.5',
    first: '*Note: version 0.5 is incompatible with previous versions.*',
    last: "- Fixed: method 'in' did not check for units to have the same base.",
    absent: ['version 0.4.0', 'version 0.6.0', '\r'],
  },
  {
    file: 'mathjs-history-crlf.md',
    version: 'v0.0.1',
    why: 'last section; version given with a v',
    first: '- First publish of the mathjs package. (package is still empty)',
    last: '- First publish of the mathjs package. (package is still empty)',
    absent: ['version 0.0.2', '\r'],
  },
  {
    file: 'ledger-wallet-setext.md',
    version: '1.9.11',
    why: 'setext === right under an ATX title',
    first: '- Corrected counter values calculation',
    last: '- Add DigiByte support',
    absent: ['1.9.8/1.9.9/1.9.10', 'bitcoin gold'],
  },
  {
    file: 'ledger-wallet-setext.md',
    version: '1.9.8',
    why: 'several versions in one heading: the first is its version',
    first: '- Add bitcoin gold support',
    last: '- Add bitcoin gold support',
    absent: ['1.9.7', 'stealthcoin', 'Qtum'],
  },
  {
    file: 'ledger-wallet-setext.md',
    version: '1.9.1',
    why: '1.9.1 is a prefix of 1.9.11 above it',
    first: '- Fixed compatibility issues with old Litecoin app',
    last: '- Fixed compatibility issues with old Litecoin app',
    absent: ['1.9.0', 'Segwit support', 'Qtum'],
  },
  {
    file: 'ledger-wallet-setext.md',
    version: '1.6.1',
    why: '1.6.1 is a prefix of 1.6.10 to 1.6.19 above it',
    first: '- Fix mobile 2FA',
    last: '- Fix mobile 2FA',
    absent: ['1.6.0', 'Nano S support', 'Fix transaction issue for the Ledger Nano'],
  },
  {
    file: 'ledger-wallet-setext.md',
    version: '1.4.10',
    why: '1.4.10 next to 1.4.1',
    first: '- Add italian translation',
    last: '- Fix a bug in balance computation',
    absent: ['1.4.9', 'P2SH signatures', 'malay translation'],
  },
  {
    file: 'ledger-wallet-setext.md',
    version: '1.4.1',
    why: '1.4.1 is a prefix of 1.4.10 above it',
    first:
      '- Silent API xpub exportation for path including 0xb11e magic number (Copay integration)',
    last: '- Silent API xpub exportation for path including 0xb11e magic number (Copay integration)',
    absent: ['1.4.0', 'multi-accounts', 'italian translation'],
  },
  {
    file: 'ledger-wallet-setext.md',
    version: '1.4.0',
    why: 'last section of the excerpt',
    first: '- New multi-accounts feature',
    last: '- Bug fixes',
    absent: ['Silent API xpub'],
  },
  {
    file: 'prettier.md',
    version: '3.1.1',
    why: 'hand-written # x.y.z; tabs and comments inside code blocks',
    first: '[diff](https://github.com/prettier/prettier/compare/3.1.0...3.1.1)',
    last: '```',
    absent: ['# 3.1.0', 'Release Notes'],
  },
  {
    file: 'prettier.md',
    version: '3.1.0',
    why: 'a short release between two long ones',
    first: '[diff](https://github.com/prettier/prettier/compare/3.0.3...3.1.0)',
    last: '🔗 [Release Notes](https://prettier.io/blog/2023/11/13/3.1.0.html)',
    absent: ['# 3.0.3', 'compare/3.0.2...3.0.3', 'Keep empty import attributes'],
  },
  {
    file: 'prettier.md',
    version: '3.0.3',
    why: 'a four-backtick fence holding ``` fences and HTML comments',
    first: '[diff](https://github.com/prettier/prettier/compare/3.0.2...3.0.3)',
    last: '```',
    absent: ['# 3.1.0', 'Release Notes'],
  },
  {
    file: 'eslint-plugin-react-refs.md',
    version: '6.10.3',
    why: 'reference links whose definitions stand in other releases and at the bottom',
    first: '### Fixed',
    last: '* Revert [#1057][] due to issues with [`jsx-indent`][] ([#1117][])',
    absent: ['## [6.10.2]', '[6.10.3]: https://', 'indentation calculation'],
  },
  {
    file: 'eslint-plugin-react-refs.md',
    version: '6.10.1',
    why: 'a lazy continuation line; its own definitions follow it',
    first: '### Fixed',
    last: '* Fix component detection that caused a false positive in [`no-multi-comp`][] ([#1088][] @benstepp)',
    absent: ['## [6.10.0]', '[6.10.1]: https://', 'forbid-foreign-prop-types'],
  },
  {
    file: 'eslint-plugin-react-refs.md',
    version: '6.10.0',
    why: 'three subsections, then its definitions',
    first: '### Added',
    last: '* Documentation improvements ([#958][] @Jorundur, [#1010][] @amilajack, [#1041][] @EvNaverniouk, [#1050][] @lencioni, [#1062][] @dguo)',
    absent: ['## [6.9.0]', '[6.10.0]: https://', 'sort-prop-types'],
  },
  {
    file: 'eslint-plugin-react-refs.md',
    version: '6.9.0',
    why: 'last before the cut',
    first: '### Added',
    last: '* Documentation improvements ([#995][] @rutsky)',
    absent: ['## [1.1.0]', '[6.9.0]: https://'],
  },
  {
    file: 'eslint-plugin-react-refs.md',
    version: '1.1.0',
    why: 'list items indented one space',
    first: '### Added',
    last: ' * Add rules tests',
    absent: ['## 1.0.0', '[1.1.0]: https://', 'First revision'],
  },
  {
    file: 'eslint-plugin-react-refs.md',
    version: '1.0.0',
    why: "heading without brackets; the file's definitions below it are left out",
    first: '### Added',
    last: ' * First revision',
    absent: ['docs/rules/', 'wrap-multilines'],
  },
  {
    file: 'rosey-handwritten.md',
    version: 'v2.3.9',
    why: 'hand-written ## vX.Y.Z (Month D, YYYY) below an Unreleased section',
    first:
      '* Fixed an issue causing incorrect links in meta tags of pre-translated pages [#64](https://github.com/CloudCannon/rosey/issues/64).',
    last: '* Updated rayon to 1.11.0',
    absent: ['## v2.3.8', '## Unreleased', 'spans could be inserted into SVG'],
  },
  {
    file: 'rosey-handwritten.md',
    version: '2.3.8',
    why: 'version without v, heading with it',
    first: '* Updated deployment key to crates.io',
    last: '* Updated deployment key to crates.io',
    absent: ['## v2.3.7', 'attrs-explicit'],
  },
  {
    file: 'rosey-handwritten.md',
    version: '2.1.0',
    why: 'a nested list item with a link',
    first: '* Adds the ability to translate page URLs',
    last: '* Fixes an issue where some internal links with query strings or hash fragments would not be rewritten',
    absent: ['## v2.0.5', '## v2.1.1', '<template>'],
  },
  {
    file: 'rosey-handwritten.md',
    version: '2.0.1',
    why: 'a patch released the same day as its minor',
    first: '* Use the x86_64 build of Rosey on M1 Macs',
    last: '* Use the x86_64 build of Rosey on M1 Macs',
    absent: ['## v2.0.0', 'first stable Rosey'],
  },
  {
    file: 'rosey-handwritten.md',
    version: '2.0.0',
    why: 'paragraphs then a list, to the end of the file',
    first: 'The first stable Rosey 2.0 release! 🎉',
    last: '- Changes to the way namespaces and roots interact with each other and themselves',
    absent: ['## v2.0.1', 'x86_64'],
  },
  {
    file: 'tokio-refs.md',
    version: '1.17.0',
    why: '# x.y.z (Month D, YYYY); reference links defined at the end of the release',
    first: 'This release updates the minimum supported Rust version (MSRV) to 1.49, the',
    last: '- metrics: fix compilation error on arm32v7 ([#4453])',
    absent: ['# 1.16.1', 'This release fixes a bug in'],
  },
  {
    file: 'tokio-refs.md',
    version: '1.16.1',
    why: 'a one-line release whose own definitions follow it',
    first: 'This release fixes a bug in [#4428] with the change [#4437].',
    last: 'This release fixes a bug in [#4428] with the change [#4437].',
    absent: ['# 1.16.0', 'soundness bug'],
  },
  {
    file: 'tokio-refs.md',
    version: '1.16.0',
    why: 'a rust code block, then subsections',
    first: 'Fixes a soundness bug in `io::Take` ([#4428]). The unsoundness is exposed when',
    last: '- rt: **breaking change** overhaul runtime metrics API ([#4373])',
    absent: ['# 1.15.0', 'cooperative yielding support'],
  },
  {
    file: 'tokio-refs.md',
    version: '1.14.0',
    why: 'list items with two spaces after the dash',
    first: '### Fixed',
    last: '-  sync: fix Notify example ([#4212])',
    absent: ['# 1.13.1', '# 1.15.0'],
  },
  {
    file: 'tokio-refs.md',
    version: '1.13.1',
    why: '1.13.1 released the same day as 1.14.0',
    first: '### Fixed',
    last: '  `oneshot::Receiver` when the oneshot has been closed ([#4226])',
    absent: ['# 1.13.0', 'clone the waker'],
  },
  {
    file: 'tokio-refs.md',
    version: '1.13.0',
    why: 'last section of the excerpt, its definitions left out',
    first: '### Fixed',
    last: '- time: document `Interval::tick` cancel safety ([#4152])',
    absent: ['# 1.13.1', 'oneshot::Sender::send'],
  },
  {
    file: 'bibtex-autocomplete-version.md',
    version: '1.1.8',
    why: '## Version x.y.z - date below a ## Version ??? heading that names no version',
    first: '- Add global exception catches to resume work if a single lookup fails',
    last: '- Fix websites returning invalid URLs leading to errors (issue #8, part 2)',
    absent: ['## Version 1.1.7', '## Version ???', '--ignore-mark'],
  },
  {
    file: 'bibtex-autocomplete-version.md',
    version: 'v1.1.3',
    why: 'wrapped list items; version given with a v',
    first: '- Autodetect files in directories: now `btac folder/` will autocomplete all bib',
    last: '- Clarified some things in README',
    absent: ['## Version 1.1.2', '## Version 1.1.4', 'common authors check'],
  },
  {
    file: 'bibtex-autocomplete-version.md',
    version: '1.1.0',
    why: '1.1.0 next to 1.1.1 to 1.1.8 above it',
    first: '- Now also queries arxiv',
    last: '- Added `--dump-data` option',
    absent: ['## Version 1.0.5', '## Version 1.1.1', 'python 3.8'],
  },
  {
    file: 'bibtex-autocomplete-version.md',
    version: '1.0.0',
    why: 'a major released the same day as its first patch',
    first: '- Multi-threading requests (one thread per website) vastly improves performance',
    last: '- Fixed a bug with ignored command line arguments',
    absent: ['## Version 0.4.0', 'Initial version of the script', '## Version 1.0.1'],
  },
  {
    file: 'bibtex-autocomplete-version.md',
    version: '0.4.0',
    why: 'first release, to the end of the file',
    first: '- Initial version of the script',
    last: '- Initial version of the script',
    absent: ['## Version 1.0.0', 'Multi-threading'],
  },
  {
    file: 'prometheus-tsdb.md',
    version: '0.4.0',
    why: 'bare ## x.y.z under a ## master / unreleased heading; list items indented one space',
    first:
      ' - [CHANGE] New `WALSegmentSize` option to override the `DefaultOptions.WALSegmentSize`. Added to allow using smaller wal files. For example using tmpfs on a RPI to minimise the SD card wear out from the constant WAL writes. As part of this change the `DefaultOptions.WALSegmentSize` constant was also exposed.',
    last: ' - [FEATURE] Add new `LiveReader` to WAL pacakge. Added to allow live tailing of a WAL segment, used by Prometheus Remote Write after refactor. The main difference between the new reader and the existing `Reader` is that for `LiveReader` a call to `Next()` that returns false does not mean that there will never be more data to read.',
    absent: ['## 0.3.1', '## master / unreleased', 'NewLeveledCompactor', 'unclosed file readers'],
  },
  {
    file: 'prometheus-tsdb.md',
    version: 'v0.3.1',
    why: 'a one-line release; version given with a v',
    first: ' - [BUGFIX] Fixed most windows test and some actual bugs for unclosed file readers.',
    last: ' - [BUGFIX] Fixed most windows test and some actual bugs for unclosed file readers.',
    absent: ['## 0.3.0', '## 0.4.0', 'LiveReader'],
  },
  {
    file: 'prometheus-tsdb.md',
    version: '0.3.0',
    why: "a hard line break and a lazy '-[FEATURE]' line, to the end of the file",
    first:
      ' - [CHANGE] `LastCheckpoint()` used to return just the segment name and now it returns the full relative path.',
    last: '  -[FEATURE] tsdbutil analyze subcomand to find churn, high cardinality, etc.',
    absent: ['## 0.3.1', 'unclosed file readers'],
  },
  {
    file: 'vite-prerelease.md',
    version: '6.0.0',
    why: 'a final above its own pre-releases (6.0.0 is a prefix of 6.0.0-beta.10)',
    first:
      '* fix: `createRunnableDevEnvironment` returns `RunnableDevEnvironment`, not `DevEnvironment` (#18673) ([74221c3](https://github.com/vitejs/vite/commit/74221c391bffd61b9ef39b7c0f9ea2e405913a6f)), closes [#18673](https://github.com/vitejs/vite/issues/18673)',
    last: '* refactor: first character judgment replacement regexp (#18658) ([58f1df3](https://github.com/vitejs/vite/commit/58f1df3288b0f9584bb413dd34b8d65671258f6f)), closes [#18658](https://github.com/vitejs/vite/issues/18658)',
    absent: ['## 6.0.0-beta.10', 'isSsrTargetWebWorker'],
  },
  {
    file: 'vite-prerelease.md',
    version: '6.0.0-beta.10',
    why: 'a pre-release between its final and an older pre-release',
    first:
      '* feat: add `isSsrTargetWebWorker` flag to `configEnvironment` hook (#18620) ([3f5fab0](https://github.com/vitejs/vite/commit/3f5fab04aa64c0e9b45068e842f033583b365de0)), closes [#18620](https://github.com/vitejs/vite/issues/18620)',
    last: '* chore(deps): update transitive deps (#18602) ([0c8b152](https://github.com/vitejs/vite/commit/0c8b15238b669b8ab0a3f90bcf2f690d4450e18f)), closes [#18602](https://github.com/vitejs/vite/issues/18602)',
    absent: ['## 6.0.0-beta.9', '## 6.0.0 (', 'single transport for fetchModule'],
  },
  {
    file: 'vite-prerelease.md',
    version: 'v6.0.0-beta.9',
    why: 'pre-release given with a v; 6.0.0-beta.9 is not 6.0.0-beta.10',
    first:
      '* feat: use a single transport for fetchModule and HMR support (#18362) ([78dc490](https://github.com/vitejs/vite/commit/78dc4902ffef7f316e84d21648b04dc62dd0ae0a)), closes [#18362](https://github.com/vitejs/vite/issues/18362)',
    last: '* test: update filename regex (#18593) ([dd25c1a](https://github.com/vitejs/vite/commit/dd25c1ab5d5510b955fa24830bc223cacc855560)), closes [#18593](https://github.com/vitejs/vite/issues/18593)',
    absent: ['## 6.0.0-beta.8', '## 6.0.0-beta.10', 'nested dependency selector'],
  },
  {
    file: 'vite-prerelease.md',
    version: '6.0.0-beta.8',
    why: 'last section, three blank lines after it',
    first:
      '* fix: allow nested dependency selector to be used for `optimizeDeps.include` for SSR (#18506) ([826c81a](https://github.com/vitejs/vite/commit/826c81a40bb25914d55cd2e96b548f1a2c384a19)), closes [#18506](https://github.com/vitejs/vite/issues/18506)',
    last: '* refactor: client-only top-level warmup (#18524) ([a50ff60](https://github.com/vitejs/vite/commit/a50ff6000bca46a6fe429f2c3a98c486ea5ebc8e)), closes [#18524](https://github.com/vitejs/vite/issues/18524)',
    absent: ['## 6.0.0-beta.9', 'inline svg in dev'],
  },
];

/** Releases whose notes are empty: an error, never the next release's notes. */
const EMPTY: readonly { file: string; version: string }[] = [
  { file: 'angular-release-tooling.md', version: '16.2.5' },
  { file: 'angular-release-tooling.md', version: '17.0.0-next.0' },
  { file: 'changelogen.md', version: '0.0.6' },
  { file: 'changelogen.md', version: '0.0.2' },
];

/** Versions that only prefix a release heading's version: no section, and the error lists versions the file has. */
const MISSING: readonly { file: string; version: string; listed: string }[] = [
  { file: 'git-cliff-default.md', version: '0.1.0', listed: '0.1.0-rc.6' },
  { file: 'keep-a-changelog.md', version: '1.1', listed: '1.1.1' },
  { file: 'standard-version.md', version: '9.3', listed: '9.5.0' },
  { file: 'ledger-wallet-setext.md', version: '1.9', listed: '1.9.11' },
  { file: 'mathjs-history-crlf.md', version: '0.7', listed: '0.7.2' },
  { file: 'bibtex-autocomplete-version.md', version: '1.1', listed: '1.1.8' },
  { file: 'vite-prerelease.md', version: '6.0.0-beta', listed: '6.0.0-beta.10' },
];

// A reference definition line, `[label]: destination`: the reader may append those the section uses.
const DEFINITION = /^ {0,3}\[[^\]]+\]:[ \t]*\S/;

function withoutAppendedDefinitions(text: string): string[] {
  const lines = text.split('\n');
  while (lines.length > 0) {
    const line = lines.at(-1) ?? '';
    if (line.trim() !== '' && !DEFINITION.test(line)) break;
    lines.pop();
  }
  return lines;
}

function fileLines(file: string): string[] {
  return readFileSync(`${FIXTURES}${file}`, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trimEnd());
}

describe('changelog-file on real changelogs (SPEC 7.2)', () => {
  it.each(CASES)('$file $version: $why', ({ file, version, prefix, first, last, absent }) => {
    const { text } = sectionFromFile(file, FIXTURES, version, prefix ?? '', {
      words: ACTION_WORDS,
    });
    expect(text.split('\n')[0]).toBe(first);
    expect(withoutAppendedDefinitions(text).at(-1)?.trimEnd()).toBe(last);
    for (const line of absent) expect(text).not.toContain(line);
  });

  it.each(EMPTY)(
    '$file $version has no notes: an error, not the next release',
    ({ file, version }) => {
      expect(() => sectionFromFile(file, FIXTURES, version, '', { words: ACTION_WORDS })).toThrow(
        ResolveError,
      );
    },
  );

  it.each(MISSING)('$file has no section for $version', ({ file, version, listed }) => {
    expect(() => sectionFromFile(file, FIXTURES, version, '', { words: ACTION_WORDS })).toThrow(
      ResolveError,
    );
    expect(() => sectionFromFile(file, FIXTURES, version, '', { words: ACTION_WORDS })).toThrow(
      listed,
    );
  });
});

describe('the corpus itself', () => {
  it.each(CASES)('$file $version: the expected lines stand in the file in order', (entry) => {
    const lines = fileLines(entry.file);
    const first = lines.indexOf(entry.first.trimEnd());
    expect(first).toBeGreaterThanOrEqual(0);
    expect(lines.indexOf(entry.last, first)).toBeGreaterThanOrEqual(first);
  });

  it('every fixture has its source recorded, and every recorded file exists', () => {
    const sources = readFileSync(`${FIXTURES}SOURCES.md`, 'utf8');
    const recorded = [...sources.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]);
    const files = readdirSync(FIXTURES).filter((name) => name !== 'SOURCES.md');
    expect([...recorded].sort()).toEqual([...files].sort());
  });

  it('the CRLF fixture is stored with CRLF line endings (see .gitattributes)', () => {
    const text = readFileSync(`${FIXTURES}mathjs-history-crlf.md`, 'utf8');
    expect(text.split('\r\n').length).toBe(text.split('\n').length);
    expect(text).toContain('\r\n');
  });

  it('every fixture is covered by at least three cases', () => {
    const files = readdirSync(FIXTURES).filter((name) => name !== 'SOURCES.md');
    for (const file of files) {
      expect(CASES.filter((entry) => entry.file === file).length, file).toBeGreaterThanOrEqual(3);
    }
  });
});
