// `npm start`: builds the web app if its sources changed, then serves the whole shop from this one
// process (tsx runs the TypeScript server directly).
import { buildWebIfStale } from './build-web.mjs';

buildWebIfStale();
const { register } = await import('tsx/esm/api');
register();
await import('../api/src/server.ts');
