// `changelog-file` (SPEC 7.2) in one synchronous call, with the link parser loaded up front: for
// tests and callers that read many files. The action reads through `readSection`, which loads the
// link parser only for a section that needs it.
import {
  completeSection,
  cutSection,
  type FileSection,
  type SectionOptions,
} from './changelog-read.js';
import { standAlone } from './section-links.js';

export * from './changelog-read.js';

/** Reads `file` (relative to `workspace`) and returns the section for `version` (SPEC 7.2). */
export function sectionFromFile(
  file: string,
  workspace: string,
  version: string,
  prefix: string,
  options: SectionOptions = {},
): FileSection {
  const cut = cutSection(file, workspace, version, prefix, options);
  try {
    return completeSection(cut, file, standAlone);
  } finally {
    cut.close();
  }
}
