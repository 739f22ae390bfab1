import { randomBytes } from 'node:crypto';
import {
  clearableProfileFields,
  messages,
  serverMessages,
  profilePictureLimits,
  profileUpdateSchema,
  type User,
} from '@threadline/contracts';
import type { DbExecutor } from '../../db/database.ts';
import { badRequest, notFound, ShopError } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import { countHit } from '../../plugins/rate-limit.ts';
import type { CustomersRepository } from './customers.repository.ts';
import { userView } from './auth.service.ts';
import { decodeAtSize, pictureCodec, readPictureHeader } from '../../media/picture-codec.ts';

const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
const pictureSize = 512;
const maxPicturePixels = profilePictureLimits.megapixels * 1_000_000;
const hourMs = 60 * 60 * 1000;
const clearable = new Set<string>(clearableProfileFields);
const pictureTooLarge = () =>
  new ShopError(413, serverMessages.profilePictureTooLarge(profilePictureLimits.megabytes, profilePictureLimits.megapixels));

export interface ProfileChange {
  fields: Record<string, unknown>;
  picture: Buffer | null;
}

export function createProfileService(repository: CustomersRepository, media: { store: MediaStore; urls: MediaUrls }, db: DbExecutor) {
  /**
   * Checks the upload by its content, then re-encodes it: metadata stripped, bounded size, WebP.
   * Decoding costs CPU by the pixel (a 36-megapixel picture 0.6 s), so uploads are counted per
   * account and a picture over the limit is refused from its header alone.
   */
  async function storePicture(userId: number, upload: Buffer): Promise<string> {
    const uploads = await countHit(db, `profile-picture:${userId}`, hourMs);
    if (Number(uploads.count) > profilePictureLimits.uploadsPerHour) throw new ShopError(429, messages.tooManyRequests);
    const header = await readPictureHeader(upload);
    if (!header || !acceptedFormats.has(header.format)) throw badRequest(messages.profilePictureInvalid);
    if (header.width * header.height > maxPicturePixels) throw pictureTooLarge();
    const decoded = await decodeAtSize(upload, maxPicturePixels, { width: pictureSize, height: pictureSize, fit: 'cover' }).catch(() => {
      throw badRequest(messages.profilePictureInvalid);
    });
    const sharp = await pictureCodec();
    const picture = await sharp(decoded.data, { raw: decoded.info }).webp({ quality: 82 }).toBuffer();
    const path = `profiles/${userId}-${randomBytes(8).toString('hex')}.webp`;
    await media.store.put(path, picture, 'image/webp');
    return path;
  }

  async function current(userId: number) {
    const user = await repository.findById(userId);
    if (!user) throw notFound(messages.signInRequired);
    return user;
  }

  return {
    async get(userId: number): Promise<User> {
      return userView(await current(userId), media.urls);
    },

    /** The phone of a customer's order, kept for the next checkout when the profile has none. */
    async rememberPhone(userId: number, phone: string): Promise<void> {
      const parsed = profileUpdateSchema.shape.phone.safeParse(phone);
      if (parsed.success && parsed.data) await repository.setPhoneIfNone(userId, parsed.data);
    },

    /**
     * Empty names and e-mail are left as they are (SPEC §5: only non-empty fields are sent); an empty
     * phone or date of birth clears it, the only way a customer can remove one.
     */
    async update(userId: number, change: ProfileChange): Promise<{ success: boolean; message: string; user: User }> {
      const given = Object.fromEntries(
        Object.entries(change.fields).filter(([key, value]) => typeof value === 'string' && (value.trim() !== '' || clearable.has(key))),
      );
      const parsed = profileUpdateSchema.safeParse(given);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badRequest(issue ? `${issue.path.join('.')}: ${issue.message}` : messages.profileUpdateFailed);
      }
      const before = await current(userId);
      if (parsed.data.email && parsed.data.email.toLowerCase() !== before.email.toLowerCase()) {
        if (await repository.findByEmail(parsed.data.email)) throw badRequest(serverMessages.profileEmailTaken);
      }
      const picture = change.picture ? await storePicture(userId, change.picture) : null;
      await repository
        .update(userId, {
          ...parsed.data,
          ...(parsed.data.email ? { email: parsed.data.email, email_verified: 0 } : {}),
          ...(picture ? { profile_picture: picture } : {}),
        })
        .catch(async (error: unknown) => {
          if (picture) await media.store.remove(picture);
          // Two customers taking one new e-mail at once: the unique index decides, the other is told.
          const holder = parsed.data.email ? await repository.findByEmail(parsed.data.email) : undefined;
          if (holder && holder.id !== userId) throw badRequest(serverMessages.profileEmailTaken);
          throw error;
        });
      if (picture && before.profile_picture) await media.store.remove(before.profile_picture);
      return { success: true, message: messages.profileUpdated, user: userView(await current(userId), media.urls) };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
