// `npm start`: builds the web app and bundles the server if their sources changed, then serves the
// whole shop from this one process.
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, serverBundle } from './build-server.mjs';
import { buildWebIfStale } from './build-web.mjs';

buildWebIfStale();
await buildServerIfStale();
// Stack traces in the logs then point at the TypeScript sources, not the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverBundle).href);
