import { useMutation } from '@tanstack/react-query';
import type { NewsletterRequest, SuccessMessage } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';

export function subscribeNewsletter(request: NewsletterRequest): Promise<SuccessMessage> {
  return apiSend<SuccessMessage>('POST', '/newsletter/', request);
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
