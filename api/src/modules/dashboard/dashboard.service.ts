import { minorToMajor, type AdminDashboard } from '@threadline/contracts';
import type { DashboardRepository } from './dashboard.repository.ts';
import { addDays, dayOfUtcHour, dayStart, jamaicaDay, monthOf } from './shop-days.ts';

/** SPEC §9's low-stock threshold (5 or fewer); the dashboard lists sold-out variants too, first. */
const lowStockThreshold = 5;
const chartDays = 30;
const unpaidAfterDays = 7;

/** The owner's morning view: today, this month, the last 30 days and what needs a hand. */
export function createDashboardService(repository: DashboardRepository) {
  return {
    async dashboard(now = new Date()): Promise<AdminDashboard> {
      const today = jamaicaDay(now);
      const tomorrow = addDays(today, 1);
      const firstChartDay = addDays(today, 1 - chartDays);
      const month = monthOf(today);
      const [monthTotals, hours, bestSellers, lowStock, unpaid] = await Promise.all([
        repository.totals(dayStart(month), dayStart(tomorrow)),
        repository.totalsByHour(dayStart(firstChartDay), dayStart(tomorrow)),
        repository.bestSellers(5),
        repository.lowStock(lowStockThreshold, 10),
        repository.unpaidCash(new Date(now.getTime() - unpaidAfterDays * 24 * 60 * 60 * 1000).toISOString(), 5),
      ]);

      const byDay = new Map<string, { orders: number; revenue: number }>();
      for (const hour of hours) {
        const day = byDay.get(dayOfUtcHour(hour.hour)) ?? { orders: 0, revenue: 0 };
        byDay.set(dayOfUtcHour(hour.hour), { orders: day.orders + hour.orders, revenue: day.revenue + hour.revenue });
      }
      const series = Array.from({ length: chartDays }, (_, index) => {
        const day = addDays(firstChartDay, index);
        const totals = byDay.get(day) ?? { orders: 0, revenue: 0 };
        return { day, orders: totals.orders, revenue: minorToMajor(totals.revenue) };
      });
      const todayTotals = series[series.length - 1] ?? { orders: 0, revenue: 0 };

      return {
        today: { orders: todayTotals.orders, revenue: todayTotals.revenue },
        month: { orders: monthTotals.orders, revenue: minorToMajor(monthTotals.revenue) },
        last_30_days: series,
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
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
