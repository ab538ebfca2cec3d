// The parser's floor for `changelog-file` in `npm run bench`: micromark's documented `parse`,
// `preprocess` and `postprocess` over the whole file named by BENCH_MARKDOWN (relative to the working
// folder), with every construct micromark can switch off switched off, and nothing else. Reading the
// section at the very end of a file cannot cost less than this (CONTRIBUTING.md, "Performance").
import { readFileSync } from 'node:fs';
import { parse, postprocess, preprocess } from 'micromark';

const EVERY_CONSTRUCT = [
  'attention',
  'autolink',
  'blockQuote',
  'characterEscape',
  'characterReference',
  'codeFenced',
  'codeIndented',
  'codeText',
  'definition',
  'hardBreakEscape',
  'headingAtx',
  'htmlFlow',
  'htmlText',
  'labelEnd',
  'labelStartImage',
  'labelStartLink',
  'list',
  'setextUnderline',
  'thematicBreak',
];
const text = readFileSync(process.env.BENCH_MARKDOWN ?? '', 'utf8');
const parser = parse({ extensions: [{ disable: { null: EVERY_CONSTRUCT } }] });
const events = postprocess(parser.document().write(preprocess()(text, undefined, true)));
if (events.length === 0) process.exitCode = 1;
