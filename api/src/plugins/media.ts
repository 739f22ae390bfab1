import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { MediaConfig } from '../config.ts';
import { isMediaKey, isPrivateMediaKey, mediaCacheControl, type MediaFile, type MediaStore } from '../media/media-store.ts';
import { createMediaUrls, mediaRoutePrefix, pictureKey, type MediaUrls } from '../media/media-urls.ts';
import { openMediaStore } from '../media/open-media-store.ts';

export interface ShopMedia {
  store: MediaStore;
  urls: MediaUrls;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: ShopMedia;
  }
}

const imageExtension = /\.(webp|png|jpe?g|gif|avif)$/i;
const placeholderKey = pictureKey('placeholder', 640);
const withoutWeakPrefix = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether the browser's copy is still the stored one (RFC 9110: If-None-Match wins over If-Modified-Since). */
function isUnchanged(request: FastifyRequest, file: MediaFile): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const { etag } = file;
    return etag !== null && ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || withoutWeakPrefix(tag) === withoutWeakPrefix(etag));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  // HTTP dates have whole seconds.
  return file.lastModified !== null && !Number.isNaN(since) && Math.floor(file.lastModified.getTime() / 1000) * 1000 <= since;
}

function send(request: FastifyRequest, reply: FastifyReply, file: MediaFile, cacheControl: string) {
  // Uploads are served as the store says, never as what a browser guesses from their bytes.
  reply.header('cache-control', cacheControl).header('x-content-type-options', 'nosniff').type(file.contentType);
  if (file.etag !== null) reply.header('etag', file.etag);
  if (file.lastModified !== null) reply.header('last-modified', file.lastModified.toUTCString());
  if (isUnchanged(request, file)) {
    file.body.destroy();
    return reply.status(304).send();
  }
  if (file.size !== null) reply.header('content-length', file.size);
  return reply.send(file.body);
}

/**
 * The shop's one media store (MEDIA_STORE) and the addresses of its files, for the modules that
 * write pictures and the answers that name them; and /static/media/*, served from the store by
 * streaming, so a picture uploaded through one process is served by every other.
 */
export const media = fastifyPlugin(
  async (app: FastifyInstance, { config }: { config: MediaConfig }) => {
    const store = await openMediaStore(config.store);
    app.decorate('media', { store, urls: createMediaUrls(config.publicUrl) });
    app.addHook('onClose', () => store.close());

    app.get<{ Params: { '*': string } }>(`${mediaRoutePrefix}*`, async (request, reply) => {
      const key = request.params['*'];
      // The key is the visitor's: one that could leave the store, or names a private file, is simply not found.
      const file = isMediaKey(key) && !isPrivateMediaKey(key) ? await store.get(key) : null;
      if (file) return send(request, reply, file, mediaCacheControl);
      // A missing picture shows the stand-in, not a broken image; not cached, so the real one shows once it is there.
      const placeholder = imageExtension.test(key) && !isPrivateMediaKey(key) ? await store.get(placeholderKey) : null;
      if (placeholder) return send(request, reply, placeholder, 'no-cache');
      return reply.callNotFound();
    });
  },
  { name: 'media' },
);
