import { formatMoney, shopCurrency, type AdminDashboard } from '@threadline/contracts';

type Day = AdminDashboard['last_30_days'][number];

const dayName = new Intl.DateTimeFormat('en-JM', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLabel = (day: string) => dayName.format(new Date(`${day}T00:00:00Z`));
const money = (amount: number) => formatMoney(amount, shopCurrency);

const width = 600;
const height = 200;
const barGap = 4;

/** What the chart shows, in words: the sum, the best day and today. */
export function chartSummary(days: Day[]): string {
  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const best = days.reduce<Day | null>((top, day) => (top === null || day.revenue > top.revenue ? day : top), null);
  if (!best || total === 0) return `No paid orders in the last ${days.length} days (${orders} placed).`;
  return `${money(total)} from ${orders} orders in the last ${days.length} days; the best day was ${dayLabel(best.day)} with ${money(best.revenue)}.`;
}

/**
 * Revenue of the last 30 days as bars: the picture for the eye, the summary and the table (one
 * click away) for everyone, and the only way a screen reader gets the figures.
 */
export function RevenueChart({ days }: { days: Day[] }) {
  const highest = Math.max(...days.map((day) => day.revenue), 0);
  const barWidth = width / Math.max(days.length, 1);
  return (
    <figure className="rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:p-6">
      <figcaption>
        <h2 className="text-lg font-semibold text-stone-900">Revenue, last 30 days</h2>
        <p className="mt-1 text-sm text-stone-600">{chartSummary(days)}</p>
      </figcaption>
      {highest === 0 ? null : (
        <>
          <svg
            viewBox={`0 0 ${width} ${height + 20}`}
            className="mt-4 h-48 w-full"
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
          >
            <line x1="0" y1={height} x2={width} y2={height} className="stroke-stone-300" strokeWidth="1" />
            {days.map((day, index) => {
              const barHeight = Math.max((day.revenue / highest) * (height - 8), day.revenue > 0 ? 2 : 0);
              return (
                <rect
                  key={day.day}
                  x={index * barWidth + barGap / 2}
                  y={height - barHeight}
                  width={Math.max(barWidth - barGap, 1)}
                  height={barHeight}
                  rx="2"
                  className={index === days.length - 1 ? 'fill-brand-600' : 'fill-stone-700'}
                />
              );
            })}
          </svg>
          <div className="mt-1 flex justify-between text-xs text-stone-500" aria-hidden="true">
            <span>{days[0] ? dayLabel(days[0].day) : ''}</span>
            <span>Today</span>
          </div>
        </>
      )}
      <details className="mt-4 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-stone-800 underline underline-offset-4">
          Figures by day
        </summary>
        <div className="mt-2 max-h-80 overflow-auto rounded-xl ring-1 ring-stone-200">
          <table className="w-full text-left">
            <caption className="sr-only">Orders and revenue by day, last 30 days</caption>
            <thead className="sticky top-0 bg-stone-100 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Orders
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {[...days].reverse().map((day) => (
                <tr key={day.day}>
                  <th scope="row" className="px-3 py-2 font-normal">
                    {dayLabel(day.day)}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{day.orders}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
