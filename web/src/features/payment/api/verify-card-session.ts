import type { VerifySessionResponse } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';

/** SPEC §4: the session the provider returned with; the server settles the payment from it. */
export const verifyCardSession = (sessionId: string) =>
  apiSend<VerifySessionResponse>('POST', '/orders/payment/stripe/verify-session/', { session_id: sessionId });
