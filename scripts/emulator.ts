// `npm run emulator [-- PORT]`: the local marketplace as a process, for the self-test workflow and
// for trying the action by hand. Faults are injected with POST /__faults (a JSON array), requests
// are read back at GET /__requests, listings at GET /__listings. Stops on SIGINT or SIGTERM.
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
