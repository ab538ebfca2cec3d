// `npm run local-action [-- ENV_FILE]`: the action from source (src/action/main.ts) under GitHub's
// own @github/local-action, which reads the inputs and GITHUB_* variables from a dotenv file:
// `.env` by default, made from `.env.example` on first use so that a fresh clone runs it at once
// against `npm run emulator -- 8080`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const given = process.argv[2];
// npm runs scripts from the package root; INIT_CWD is where the command was typed.
const envFile = resolve(process.env.INIT_CWD ?? process.cwd(), given ?? join(root, '.env'));

if (given === undefined && !existsSync(envFile)) {
  copyFileSync(join(root, '.env.example'), envFile);
  console.log('Made .env from .env.example (git ignores .env): edit it to try other inputs.');
} else if (!existsSync(envFile)) {
  console.error(`local-action: ${envFile} does not exist (start from .env.example).`);
  process.exit(1);
}

const localAction = join(root, 'node_modules/@github/local-action/bin/local-action.js');
const run = spawnSync(process.execPath, [localAction, '.', 'src/action/main.ts', envFile], {
  cwd: root,
  stdio: 'inherit',
});
process.exitCode = run.status ?? 1;
