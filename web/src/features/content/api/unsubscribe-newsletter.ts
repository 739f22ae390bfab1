import { useMutation } from '@tanstack/react-query';
import type { SuccessMessage } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';

/** POST /newsletter/unsubscribe/ with the token of the e-mailed link. */
export function unsubscribeNewsletter(token: string): Promise<SuccessMessage> {
  return apiSend<SuccessMessage>('POST', '/newsletter/unsubscribe/', { token });
}

export function useUnsubscribeNewsletter() {
  return useMutation({ mutationFn: unsubscribeNewsletter });
}
