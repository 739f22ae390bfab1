import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded the first time a picture is checked, decoded or encoded: it holds about
 * 27 MiB in a process, which a process that only serves pages and orders never needs.
 */
export const pictureCodec = (): Promise<typeof Sharp> => (loading ??= import('sharp').then((module) => module.default));
