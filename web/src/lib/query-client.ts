import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

// Asking again cannot fix a 4xx answer; a network blip or a 5xx may pass.
function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 1 && !isClientError(error),
      },
    },
  });
}
