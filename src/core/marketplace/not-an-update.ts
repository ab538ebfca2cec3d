// A 2xx to an update that is not an update (SPEC 4): a web page, where `base-url` reaches a
// website rather than the API, or the marketplace's own refusal in a JSON body (`"success":
// false`, `"ok": false`). Neither is retried: a 2xx never is. (A page of the list that is a web
// page is read as a list of unknown shape.)

import type { Problem } from '../annotations.js';
import type { AttemptResult } from '../attempt.js';
import { setting } from '../words.js';
import type { Target } from './outcome-messages.js';

export function notAnUpdate(last: AttemptResult, target: Target): Problem | undefined {
  if (last.kind !== 'answer' || last.refusal === undefined) return undefined;
  const what = `the update of listing ${JSON.stringify(target.listingId)}`;
  const http = `HTTP ${last.status}`;
  if (last.refusal === 'web-page') {
    return {
      title: 'A web page, not the API',
      message:
        `The marketplace's address answered ${what} with a web page (${http}), not with the API's ` +
        `answer, so nothing was updated. Check ${setting('base-url')}: it must be the address of ` +
        'the API, not of the website.',
    };
  }
  const said = last.message ? ` The marketplace said: ${JSON.stringify(last.message)}` : '';
  return {
    title: 'Update refused',
    message: `The marketplace answered ${what} with ${http} but refused it ("success": false or "ok": false).${said}`,
  };
}
