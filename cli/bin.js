#!/usr/bin/env node
// The `tshirt-gen` command. Node 24 runs the TypeScript entry directly (type stripping).
import { main } from './main.ts';

process.exitCode = await main(process.argv);
