// Writes .br and .gz beside every text asset of the web build, so the server sends compressed
// files without compressing them on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const directory = process.argv[2];
if (!directory) throw new Error('usage: node precompress-assets.mjs <dist directory>');
const compressible = /\.(js|css|html|svg|json|webmanifest|txt|xml)$/;

function walk(path) {
  for (const entry of readdirSync(path)) {
    const file = join(path, entry);
    if (statSync(file).isDirectory()) walk(file);
    else if (compressible.test(file) && statSync(file).size >= 1024) {
      const content = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}
walk(directory);
