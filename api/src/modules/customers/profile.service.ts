import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { messages, profileUpdateSchema, type User } from '@threadline/contracts';
import { badRequest, notFound } from '../../errors.ts';
import type { CustomersRepository } from './customers.repository.ts';
import { userView } from './auth.service.ts';

const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
const pictureSize = 512;

export interface ProfileChange {
  fields: Record<string, unknown>;
  picture: Buffer | null;
}

export function createProfileService(repository: CustomersRepository, mediaDir: string) {
  /** Checks the upload by its content, then re-encodes it: metadata stripped, bounded size, WebP. */
  async function storePicture(userId: number, upload: Buffer): Promise<string> {
    const format = await sharp(upload)
      .metadata()
      .then((metadata) => metadata.format)
      .catch(() => undefined);
    if (!format || !acceptedFormats.has(format)) throw badRequest(messages.profilePictureInvalid);
    const picture = await sharp(upload, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(pictureSize, pictureSize, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer()
      .catch(() => {
        throw badRequest(messages.profilePictureInvalid);
      });
    const path = `profiles/${userId}-${randomBytes(8).toString('hex')}.webp`;
    await mkdir(join(mediaDir, 'profiles'), { recursive: true });
    await writeFile(join(mediaDir, path), picture);
    return path;
  }

  async function current(userId: number) {
    const user = await repository.findById(userId);
    if (!user) throw notFound(messages.signInRequired);
    return user;
  }

  return {
    async get(userId: number): Promise<User> {
      return userView(await current(userId));
    },

    /** Empty fields are left as they are (SPEC §5: only non-empty fields are sent). */
    async update(userId: number, change: ProfileChange): Promise<{ success: boolean; message: string; user: User }> {
      const given = Object.fromEntries(
        Object.entries(change.fields).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
      );
      const parsed = profileUpdateSchema.safeParse(given);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badRequest(issue ? `${issue.path.join('.')}: ${issue.message}` : messages.profileUpdateFailed);
      }
      const before = await current(userId);
      if (parsed.data.email && parsed.data.email.toLowerCase() !== before.email.toLowerCase()) {
        if (await repository.findByEmail(parsed.data.email)) throw badRequest(messages.profileEmailTaken);
      }
      const picture = change.picture ? await storePicture(userId, change.picture) : null;
      await repository
        .update(userId, {
          ...parsed.data,
          ...(parsed.data.email ? { email: parsed.data.email, email_verified: 0 } : {}),
          ...(picture ? { profile_picture: picture } : {}),
        })
        .catch(async (error: unknown) => {
          if (picture) await rm(join(mediaDir, picture), { force: true });
          // Two customers taking one new e-mail at once: the unique index decides, the other is told.
          const holder = parsed.data.email ? await repository.findByEmail(parsed.data.email) : undefined;
          if (holder && holder.id !== userId) throw badRequest(messages.profileEmailTaken);
          throw error;
        });
      if (picture && before.profile_picture) await rm(join(mediaDir, before.profile_picture), { force: true });
      return { success: true, message: messages.profileUpdated, user: userView(await current(userId)) };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
