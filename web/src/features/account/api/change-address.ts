import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { addressesQueryKey } from '@/lib/queries/query-keys.ts';

interface AddressChangeAnswer {
  success: boolean;
  message: string;
  address?: Address;
  addresses: Address[];
}

export type AddressChange =
  | { kind: 'create'; input: AddressInput }
  | { kind: 'update'; id: number; input: AddressInput }
  | { kind: 'delete'; id: number }
  | { kind: 'set-default'; id: number };

/** POST, PUT and DELETE /users/addresses/… and POST …/set-default/: each answers the whole book. */
export function changeAddress(change: AddressChange): Promise<AddressChangeAnswer> {
  switch (change.kind) {
    case 'create':
      return apiSend('POST', '/users/addresses/', change.input);
    case 'update':
      return apiSend('PUT', `/users/addresses/${change.id}/`, change.input);
    case 'delete':
      return apiSend('DELETE', `/users/addresses/${change.id}/`);
    case 'set-default':
      return apiSend('POST', `/users/addresses/${change.id}/set-default/`);
  }
}

/** A change to the address book; the server's answer (it keeps exactly one default) replaces the cached book. */
export function useChangeAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAddress,
    onSuccess: (answer) => queryClient.setQueryData(addressesQueryKey, { addresses: answer.addresses }),
  });
}
