import {
  serverMessages,
  productImageLimits,
  stockMessages,
  type AdminImage,
  type AdminImages,
  type ImageChange,
} from '@threadline/contracts';
import type { DatabaseHandle } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import type { ShopChanges } from '../../plugins/shop-changes.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { removePictureFiles, storeProductPicture } from './product-picture-files.ts';
import type { ProductImageRow, ProductImagesRepository } from './product-images.repository.ts';

export interface ProductImagesDependencies {
  database: DatabaseHandle;
  repository: ProductImagesRepository;
  audit: AuditService;
  changes: ShopChanges;
  media: { store: MediaStore; urls: MediaUrls };
}

export interface PictureUpload {
  file: Buffer | null;
  altText: string;
  /** The colour option the picture shows; '' for none. */
  color: string;
}

/** What the audit log keeps of a picture. */
const audited = (row: ProductImageRow) => ({
  product_id: row.product_id,
  path: row.path,
  alt_text: row.alt_text,
  position: row.position,
  color: row.color,
});

/** The back office's product pictures: upload, order, describe and delete; the storefront shows them at once. */
export function createProductImagesService({ database, repository, audit, changes, media }: ProductImagesDependencies) {
  const imageView = (row: ProductImageRow): AdminImage => {
    const { image, srcset, alt_text, width, height, color } = media.urls.productImage(row);
    return { id: row.id, position: row.position, image, srcset, alt_text, width, height, color };
  };

  async function picturesOf(productId: number): Promise<AdminImages> {
    const product = await repository.product(productId);
    if (!product) throw notFound(serverMessages.productNotFound);
    const [images, colors] = await Promise.all([repository.imagesOf(productId), repository.variantColors(productId)]);
    return { product: { ...product, colors: colors.sort((a, b) => a.localeCompare(b)) }, images: images.map(imageView) };
  }

  /**
   * The variant colour a picture is tied to, spelled as the variant spells it (the product page
   * matches them exactly); null for none; 400 for a colour the product does not come in.
   */
  async function variantColor(productId: number, color: string | null | undefined, executor = database.db): Promise<string | null> {
    const asked = (color ?? '').trim();
    if (asked === '') return null;
    const known = (await repository.variantColors(productId, executor)).find((each) => each.toLowerCase() === asked.toLowerCase());
    if (known === undefined) throw badRequest(`color: ${stockMessages.imageColorUnknown(asked)}`);
    return known;
  }

  async function imageOrNotFound(imageId: number, executor = database.db) {
    const image = await repository.image(imageId, executor);
    if (!image) throw notFound(stockMessages.imageNotFound);
    return image;
  }

  return {
    list: picturesOf,

    /**
     * Re-encodes the picture into the media store first (the slow part, outside any transaction), then adds it
     * last in the product's order; the files go again if the product is gone or full by then.
     */
    async upload(staff: StaffMember, productId: number, { file, altText, color: askedColor }: PictureUpload): Promise<AdminImage> {
      if (file === null) throw badRequest(stockMessages.imageMissing);
      if (!(await repository.product(productId))) throw notFound(serverMessages.productNotFound);
      const color = await variantColor(productId, askedColor);
      const stored = await storeProductPicture(media.store, productId, file);
      try {
        const added = await database.writeTransaction(async (trx) => {
          if (!(await repository.touchProduct(productId, trx))) throw notFound(serverMessages.productNotFound);
          const images = await repository.imagesOf(productId, trx);
          if (images.length >= productImageLimits.perProduct) throw conflict(stockMessages.tooManyImages(productImageLimits.perProduct));
          const row = await repository.insert(
            {
              product_id: productId,
              position: images.reduce((last, image) => Math.max(last, image.position + 1), 0),
              path: stored.path,
              alt_text: altText,
              width: stored.width,
              height: stored.height,
              color,
            },
            trx,
          );
          await audit.record(staff, { action: 'create', entity: 'image', entityId: row.id, before: null, after: audited(row) }, trx);
          return row;
        });
        await changes.publish('catalog');
        return imageView(added);
      } catch (error) {
        await removePictureFiles(media.store, stored.path);
        throw error;
      }
    },

    /** Puts the product's pictures in the order given; the first is the storefront's main picture. */
    async reorder(staff: StaffMember, productId: number, ids: number[]): Promise<AdminImages> {
      await database.writeTransaction(async (trx) => {
        if (!(await repository.touchProduct(productId, trx))) throw notFound(serverMessages.productNotFound);
        const images = await repository.imagesOf(productId, trx);
        const named = new Set(ids);
        if (named.size !== ids.length || ids.length !== images.length || images.some((image) => !named.has(image.id))) {
          throw conflict(stockMessages.orderMismatch);
        }
        const positionOf = new Map(images.map((image) => [image.id, image.position]));
        for (const [position, id] of ids.entries()) {
          const before = positionOf.get(id);
          if (before === position) continue;
          await repository.setPosition(id, position, trx);
          await audit.record(
            staff,
            { action: 'move', entity: 'image', entityId: id, before: { position: before }, after: { position } },
            trx,
          );
        }
      });
      await changes.publish('catalog');
      return picturesOf(productId);
    },

    /** Changes a picture's alt text, the colour option it shows, or both. */
    async describe(staff: StaffMember, imageId: number, change: ImageChange): Promise<AdminImage> {
      const changed = await database.writeTransaction(async (trx) => {
        const before = await imageOrNotFound(imageId, trx);
        const after = { ...before };
        if (change.alt_text !== undefined) {
          await repository.setAltText(imageId, change.alt_text, trx);
          after.alt_text = change.alt_text;
        }
        if (change.color !== undefined) {
          after.color = await variantColor(before.product_id, change.color, trx);
          await repository.setColor(imageId, after.color, trx);
        }
        const fields = (row: ProductImageRow) => ({
          ...(change.alt_text === undefined ? {} : { alt_text: row.alt_text }),
          ...(change.color === undefined ? {} : { color: row.color }),
        });
        await audit.record(
          staff,
          { action: 'update', entity: 'image', entityId: imageId, before: fields(before), after: fields(after) },
          trx,
        );
        return after;
      });
      await changes.publish('catalog');
      return imageView(changed);
    },

    /** Removes the picture, then its files once the removal is committed. */
    async remove(staff: StaffMember, imageId: number): Promise<{ deleted: true }> {
      const removed = await database.writeTransaction(async (trx) => {
        const image = await imageOrNotFound(imageId, trx);
        await repository.touchProduct(image.product_id, trx);
        await repository.remove(imageId, trx);
        await audit.record(staff, { action: 'delete', entity: 'image', entityId: imageId, before: audited(image), after: null }, trx);
        return image;
      });
      await changes.publish('catalog');
      await removePictureFiles(media.store, removed.path);
      return { deleted: true };
    },
  };
}

export type ProductImagesService = ReturnType<typeof createProductImagesService>;
