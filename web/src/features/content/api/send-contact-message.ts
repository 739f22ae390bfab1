import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, SuccessMessage } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';

export function sendContactMessage(request: ContactRequest): Promise<SuccessMessage> {
  return apiSend<SuccessMessage>('POST', '/contact/', request);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
