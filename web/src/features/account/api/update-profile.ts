import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearableProfileFields, type User } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { profileQueryKey } from '@/lib/queries/query-keys.ts';

export interface ProfileFields {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  date_of_birth: string;
}

const clearable = new Set<string>(clearableProfileFields);

/**
 * SPEC §5: only non-empty fields are sent, except the phone and date of birth, which the server
 * clears when they arrive empty; with a picture chosen the body is multipart (text fields plus
 * `profile_picture`), otherwise JSON.
 */
export function profileBody(fields: ProfileFields, picture: File | null): FormData | Partial<ProfileFields> {
  const filled = (Object.entries(fields) as [keyof ProfileFields, string][])
    .map(([key, value]) => [key, value.trim()] as const)
    .filter(([key, value]) => value !== '' || clearable.has(key));
  if (!picture) return Object.fromEntries(filled);
  const form = new FormData();
  for (const [key, value] of filled) form.append(key, value);
  form.append('profile_picture', picture);
  return form;
}

interface ProfileAnswer {
  success: boolean;
  message: string;
  user: User;
}

export const updateProfile = ({ fields, picture }: { fields: ProfileFields; picture: File | null }) =>
  apiSend<ProfileAnswer>('PUT', '/users/profile/', profileBody(fields, picture));

/** PUT /users/profile/; the answer's user replaces the cached profile, which the header reads too. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => queryClient.setQueryData(profileQueryKey, answer.user),
  });
}
