// `npm start`: builds the web app and bundles the server if their sources changed, then serves the
// whole shop from this one process.
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, serverBundle } from './build-server.mjs';
import { buildWebIfStale } from './build-web.mjs';

buildWebIfStale();
await buildServerIfStale();
// Source maps are not turned on here: parsing them cost a tenth of a restart. The bundle is not
// minified, and `NODE_OPTIONS=--enable-source-maps npm start` maps stack traces to the sources.
await import(pathToFileURL(serverBundle).href);
