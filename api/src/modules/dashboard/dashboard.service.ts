import { minorToMajor, type AdminDashboard } from '@threadline/contracts';
import type { DashboardRepository } from './dashboard.repository.ts';
import { addDays, dayStart, jamaicaDay, monthOf } from './shop-days.ts';

/** SPEC §9's low-stock threshold (5 or fewer); the dashboard lists sold-out variants too, first. */
const lowStockThreshold = 5;
const chartDays = 30;
const unpaidAfterDays = 7;
/** How long the days before today are kept: they change only when an old order is paid, cancelled or refunded. */
const pastDaysKeptMs = 60_000;

interface Totals {
  orders: number;
  revenue: number;
}

/** The owner's morning view: today, this month, the last 30 days and what needs a hand. */
export function createDashboardService(repository: DashboardRepository, clock: () => number = Date.now) {
  let kept: { key: string; until: number; days: Promise<Totals[]>; earlierInMonth: Promise<Totals> } | null = null;

  /**
   * The 29 days before today and the month's days before those (on the 31st), read at most once a
   * minute: at a million orders they are most of the dashboard's reading (ADR 0022). Today is read live.
   */
  function pastDays(pastDayList: string[], today: string, month: string) {
    const key = `${today}|${month}`;
    if (!kept || kept.key !== key || kept.until <= clock()) {
      const firstDay = pastDayList[0] ?? today;
      const days = repository.totalsByRange([...pastDayList, today].map(dayStart)).then((rows) =>
        pastDayList.map((_, index) => rows.find((row) => row.range === index) ?? { orders: 0, revenue: 0 }),
      );
      const earlierInMonth = month < firstDay ? repository.totals(dayStart(month), dayStart(firstDay)) : Promise.resolve({ orders: 0, revenue: 0 });
      const entry = { key, until: clock() + pastDaysKeptMs, days, earlierInMonth };
      kept = entry;
      // A failed read is not kept: the next call reads again.
      Promise.all([days, earlierInMonth]).catch(() => {
        if (kept === entry) kept = null;
      });
    }
    return kept;
  }

  return {
    async dashboard(now = new Date(clock())): Promise<AdminDashboard> {
      const today = jamaicaDay(now);
      const firstChartDay = addDays(today, 1 - chartDays);
      const pastDayList = Array.from({ length: chartDays - 1 }, (_, index) => addDays(firstChartDay, index));
      const chartDayList = [...pastDayList, today];
      const month = monthOf(today);
      // The month to date is inside the 30 days, but for the 31st, whose 1st is one day before them.
      const past = pastDays(pastDayList, today, month);
      const [pastTotals, earlierInMonth, todayLive, bestSellers, lowStock, unpaid] = await Promise.all([
        past.days,
        past.earlierInMonth,
        repository.totals(dayStart(today), dayStart(addDays(today, 1))),
        repository.bestSellers(5),
        repository.lowStock(lowStockThreshold, 10),
        repository.unpaidCash(new Date(now.getTime() - unpaidAfterDays * 24 * 60 * 60 * 1000).toISOString(), 5),
      ]);

      const daily = [...pastTotals, todayLive];
      const series = chartDayList.map((day, index) => ({ day, orders: daily[index]?.orders ?? 0, revenue: daily[index]?.revenue ?? 0 }));
      const inMonth = series.filter((day) => day.day >= month);
      const monthTotals = {
        orders: earlierInMonth.orders + inMonth.reduce((sum, day) => sum + day.orders, 0),
        revenue: earlierInMonth.revenue + inMonth.reduce((sum, day) => sum + day.revenue, 0),
      };
      const todayTotals = series[series.length - 1] ?? { orders: 0, revenue: 0 };

      return {
        today: { orders: todayTotals.orders, revenue: minorToMajor(todayTotals.revenue) },
        month: { orders: monthTotals.orders, revenue: minorToMajor(monthTotals.revenue) },
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
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
