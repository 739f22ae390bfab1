import { minorToMajor, paymentMethods, type AdminDashboard } from '@threadline/contracts';
import type { DashboardRepository } from './dashboard.repository.ts';
import { addDays, dayStart, jamaicaDay, monthOf } from '../../shop-days.ts';

/** SPEC §9's low-stock threshold (5 or fewer); the dashboard lists sold-out variants too, first. */
const lowStockThreshold = 5;
const chartDays = 30;
const unpaidAfterDays = 7;

/** The owner's morning view: today, this month, the last 30 days and what needs a hand. */
export function createDashboardService(repository: DashboardRepository) {
  return {
    async dashboard(now = new Date()): Promise<AdminDashboard> {
      const today = jamaicaDay(now);
      const firstChartDay = addDays(today, 1 - chartDays);
      const chartDayList = Array.from({ length: chartDays }, (_, index) => addDays(firstChartDay, index));
      const month = monthOf(today);
      // The month to date is inside the 30 days, but for the 31st, whose 1st is one day before them.
      const [days, bestSellers, lowStock, unpaid, transfers, byMethod, late, returnReasons] = await Promise.all([
        repository.dayTotals(month < firstChartDay ? month : firstChartDay, today),
        repository.bestSellers(5),
        repository.lowStock(lowStockThreshold, 10),
        repository.unpaidCash(new Date(now.getTime() - unpaidAfterDays * 24 * 60 * 60 * 1000).toISOString(), 5),
        repository.awaitingTransfers(5),
        repository.byPaymentMethod(dayStart(month), dayStart(addDays(today, 1))),
        repository.lateCount(today),
        repository.returnsByReason(dayStart(month)),
      ]);

      const none = { orders: 0, revenue: 0 };
      const series = chartDayList.map((day) => ({ day, ...(days.get(day) ?? none) }));
      const inMonth = [...days].filter(([day]) => day >= month);
      const monthTotals = {
        orders: inMonth.reduce((sum, [, day]) => sum + day.orders, 0),
        revenue: inMonth.reduce((sum, [, day]) => sum + day.revenue, 0),
      };
      const todayTotals = series[series.length - 1] ?? none;

      return {
        today: { orders: todayTotals.orders, revenue: minorToMajor(todayTotals.revenue) },
        month: { orders: monthTotals.orders, revenue: minorToMajor(monthTotals.revenue) },
        month_by_payment_method: paymentMethods.flatMap((method) => {
          const figures = byMethod.find((row) => row.payment_method === method);
          return figures ? [{ payment_method: method, orders: figures.orders, revenue: minorToMajor(figures.revenue) }] : [];
        }),
        last_30_days: series.map((day) => ({ ...day, revenue: minorToMajor(day.revenue) })),
        best_sellers: bestSellers,
        low_stock: lowStock,
        unpaid_cash_orders: {
          count: unpaid.count,
          oldest: unpaid.oldest.map((order) => ({
            id: order.id,
            order_number: order.order_number,
            name: `${order.first_name} ${order.last_name}`.trim(),
            total: minorToMajor(order.total),
            created_at: order.created_at,
          })),
        },
        late_orders: { count: late },
        awaiting_transfers: {
          count: transfers.count,
          with_proof: transfers.withProof,
          oldest: transfers.oldest.map((order) => ({
            id: order.id,
            order_number: order.order_number,
            name: `${order.first_name} ${order.last_name}`.trim(),
            total: minorToMajor(order.total),
            created_at: order.created_at,
            // SQLite answers 1 or 0, PostgreSQL true or false.
            has_proof: Boolean(order.has_proof),
          })),
        },
        returns_by_reason: returnReasons,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
