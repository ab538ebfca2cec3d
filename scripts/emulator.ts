// `npm run emulator [-- PORT]`: the local marketplace as a process, for the self-test workflow and
// for trying the action by hand. Faults are injected with POST /__faults (a JSON array), requests
// are read back at GET /__requests, listings at GET /__listings (POST /__listings adds or replaces
// some, e.g. to show a newer version); POST /__answer {"version": "1.2.2"} makes a PATCH's 200 show
// another version than the one sent. A fault with "apply": true stores the update first and then
// loses its answer, e.g. [{"kind": "reset", "apply": true}]. A 2xx that is not an update:
// [{"kind": "web-page"}] (the website's index page, 200 text/html) or [{"kind": "refusal",
// "message": "Listing is locked"}] (200 {"success": false, …}; "field": "ok" for {"ok": false}). POST /__list sets how GET /listings
// answers, e.g. {"pageSize": 1, "pagination": "link"} for pages (ListOptions in
// test/support/emulator.ts). Stops on SIGINT or SIGTERM.
import { Emulator, KEYS } from '../test/support/emulator.ts';

const emulator = new Emulator();
const baseUrl = await emulator.start(Number(process.argv[2] ?? 0));
console.log(`Marketplace emulator at ${baseUrl}`);
console.log(
  `Keys: creator ${KEYS.creator} (owns asset-1, asset-2), other ${KEYS.other}, revoked ${KEYS.revoked}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void emulator.stop().then(() => process.exit(0)));
}
