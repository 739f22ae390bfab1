import { messages, serverMessages, type Address, type AddressInput } from '@threadline/contracts';
import type { DatabaseHandle, DbExecutor } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import type { AddressesRepository } from './addresses.repository.ts';

type AddressRow = Awaited<ReturnType<AddressesRepository['list']>>[number];
const addressView = (row: AddressRow): Address => ({ ...row, is_default: row.is_default === 1 });

/** A customer's address book: exactly one default whenever there is any address. */
export function createAddressesService(database: DatabaseHandle, repository: AddressesRepository) {
  const list = async (userId: number, executor?: DbExecutor) => (await repository.list(userId, executor)).map(addressView);

  async function owned(userId: number, id: number, executor: DbExecutor) {
    const address = await repository.find(userId, id, executor);
    if (!address) throw notFound(serverMessages.addressNotFound);
    return address;
  }

  const answer = async (userId: number, message: string, id: number | null, executor: DbExecutor) => {
    const addresses = await list(userId, executor);
    const address = addresses.find((entry) => entry.id === id);
    return { success: true, message, ...(address ? { address } : {}), addresses };
  };

  return {
    list: async (userId: number) => ({ addresses: await list(userId) }),

    create(userId: number, { is_default: wantsDefault, ...input }: AddressInput) {
      return database.writeTransaction(async (trx) => {
        await repository.lock(userId, trx);
        const isFirst = (await repository.list(userId, trx)).length === 0;
        const id = await repository.create(userId, input, isFirst || wantsDefault, trx);
        if (wantsDefault && !isFirst) await repository.makeDefault(userId, id, trx);
        return answer(userId, messages.addressAdded, id, trx);
      });
    },

    update(userId: number, id: number, { is_default: wantsDefault, ...input }: AddressInput) {
      return database.writeTransaction(async (trx) => {
        await repository.lock(userId, trx);
        await owned(userId, id, trx);
        await repository.update(userId, id, input, trx);
        if (wantsDefault) await repository.makeDefault(userId, id, trx);
        return answer(userId, messages.addressUpdated, id, trx);
      });
    },

    remove(userId: number, id: number) {
      return database.writeTransaction(async (trx) => {
        await repository.lock(userId, trx);
        const address = await owned(userId, id, trx);
        await repository.remove(userId, id, trx);
        const [next] = await repository.list(userId, trx);
        if (address.is_default === 1 && next) await repository.makeDefault(userId, next.id, trx);
        return answer(userId, messages.addressDeleted, null, trx);
      });
    },

    /** Checkout's "save this address": the default when the customer had none. */
    saveFromCheckout(userId: number, input: Omit<AddressInput, 'is_default'>) {
      return database.writeTransaction(async (trx) => {
        await repository.lock(userId, trx);
        const isFirst = (await repository.list(userId, trx)).length === 0;
        await repository.create(userId, input, isFirst, trx);
      });
    },

    setDefault(userId: number, id: number) {
      return database.writeTransaction(async (trx) => {
        await repository.lock(userId, trx);
        await owned(userId, id, trx);
        await repository.makeDefault(userId, id, trx);
        return answer(userId, messages.addressSetDefault, id, trx);
      });
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
