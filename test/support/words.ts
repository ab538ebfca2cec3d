// The engine's messages as each front end words them (see src/core/words.ts).
import { ACTION_WORDS } from '../../src/action/words.js';
import { commandWords } from '../../src/cli/words.js';
import { renderWords } from '../../src/core/words.js';

export const asAction = (text: string): string => renderWords(text, ACTION_WORDS);
export const asCommand = (text: string): string => renderWords(text, commandWords());
