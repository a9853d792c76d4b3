// The WebAssembly engine's benchmarks under Node, as `pbrain-kakugo bench [board|search]`
// prints them natively (the `Bench: N` signature last), from the site scripts/build-web.sh
// writes.
//
// usage: node scripts/wasm-bench.mjs [SITE_DIR] [board|search]   (SITE_DIR: target/web)
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const dir = path.resolve(process.argv[2] ?? 'target/web');
const part = process.argv[3] ?? '';
const glue = await import(pathToFileURL(path.join(dir, 'kakugo_web.js')).href);
await glue.default({ module_or_path: await readFile(path.join(dir, 'kakugo_web_bg.wasm')) });
console.log(glue.bench(part));
