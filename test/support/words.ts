// The engine makes its messages in the words of the front end that spoke last (src/core/words.ts).
// Every test starts in the action's words (the setup file of both vitest configurations); a test
// of the command's words speaks them itself.
import { beforeEach } from 'vitest';
import { ACTION_WORDS } from '../../src/action/words.js';
import { speak } from '../../src/core/words.js';

beforeEach(() => speak(ACTION_WORDS));
speak(ACTION_WORDS);
