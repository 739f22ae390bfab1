import {
  customerMessages,
  minorToMajor,
  type AdminCustomer,
  type AdminCustomerDetail,
  type AdminList,
  type CustomerSearchQuery,
} from '@threadline/contracts';
import { adminList } from '../../admin-list.ts';
import { notFound } from '../../errors.ts';
import type { CustomerDirectoryRepository } from './customer-directory.repository.ts';

/** Customers as staff look them up: by the start of an e-mail address or a name, then one with their orders. */
export function createCustomerDirectoryService(repository: CustomerDirectoryRepository) {
  return {
    async list(query: CustomerSearchQuery): Promise<AdminList<AdminCustomer>> {
      const { rows, count } = await repository.page(query);
      return adminList('/api/admin/customers/', query, count, rows);
    },

    async get(id: number): Promise<AdminCustomerDetail> {
      const customer = await repository.find(id);
      if (!customer) throw notFound(customerMessages.notFound);
      const [addresses, orders, totals] = await Promise.all([
        repository.addresses(id),
        repository.recentOrders(id),
        repository.orderTotals(id),
      ]);
      return {
        ...customer,
        kind: 'account',
        email_verified: customer.email_verified === 1,
        addresses: addresses.map((address) => ({ ...address, is_default: address.is_default === 1 })),
        orders: orders.map((order) => ({ ...order, total: minorToMajor(order.total) })),
        orders_count: totals.orders,
        lifetime_spend: minorToMajor(totals.spent),
      };
    },
  };
}

export type CustomerDirectoryService = ReturnType<typeof createCustomerDirectoryService>;
