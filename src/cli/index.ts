#!/usr/bin/env node
import { nodeKeyReaders } from './key.js';
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2), process.env, {
  stdout: process.stdout,
  stderr: process.stderr,
  keys: nodeKeyReaders,
});
