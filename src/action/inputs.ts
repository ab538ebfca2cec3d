import * as core from '@actions/core';
import type { Inputs } from '../core/inputs.js';
import { SETTING_NAMES } from '../core/words.js';

/**
 * One input as the workflow wrote it, untrimmed: the key is masked in every spelling the runner
 * may print, trimmed or not, and the core trims what it reads.
 */
export function readRunnerInput(name: string): string {
  return core.getInput(name, { trimWhitespace: false });
}

/** Every input of action.yml by name, for the core's `parseSettings`. */
export function actionInputs(): Inputs {
  return Object.fromEntries(SETTING_NAMES.map((name) => [name, readRunnerInput(name)]));
}
