// `npx tsx scripts/pandoc-plain-fixtures.ts`: records what pandoc's plain writer shows of sections of
// the changelog corpus (`pandoc -f gfm -t plain --wrap=none`; Debian's pandoc package), for
// test/core/changelog/format/corpus.test.ts, which compares changelog-format `text` with it
// without needing pandoc. Run it again when a section is added to SECTIONS there.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ACTION_WORDS } from '../src/action/words.ts';
import { sectionFromFile } from '../src/core/changelog/read.ts';
import { SECTIONS } from '../test/core/changelog/format/corpus-sections.ts';

const FIXTURES = fileURLToPath(new URL('../test/fixtures/changelogs/', import.meta.url));
const version = execFileSync('pandoc', ['--version'], { encoding: 'utf8' }).split('\n')[0];
const plain: Record<string, string> = {};
for (const [file, release] of SECTIONS) {
  const { text } = sectionFromFile(file, FIXTURES, release, '', { words: ACTION_WORDS });
  plain[`${file} ${release}`] = execFileSync(
    'pandoc',
    ['-f', 'gfm', '-t', 'plain', '--wrap=none'],
    {
      input: text,
      encoding: 'utf8',
    },
  );
}
writeFileSync(
  fileURLToPath(new URL('../test/fixtures/pandoc-plain.json', import.meta.url)),
  `${JSON.stringify({ pandoc: version, plain }, null, 2)}\n`,
);
