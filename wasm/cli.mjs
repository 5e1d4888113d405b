#!/usr/bin/env node
// bloomcalc command line: `bloomcalc <command> [options]` (the driver: wasm/cli/run.mjs; each command in
// wasm/cli/<name>.mjs).
import { main } from './cli/run.mjs';

await main();
