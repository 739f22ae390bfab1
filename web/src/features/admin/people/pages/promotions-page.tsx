import { formatMoney, promotionStates, shopCurrency, type AdminPromotion } from '@threadline/contracts';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { selectClass } from '@/components/ui/field-styles.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { useAdminList, useListFilter } from '../../hooks/use-admin-list.ts';
import { EndPromotionButton } from '../components/end-promotion-button.tsx';
import { PromotionStateBadge, datesText, discountText, usageText } from '../components/promotion-summary.tsx';
import { AdminTable, adminTableHeadClass } from '../../components/admin-table.tsx';

const stateLabels = { active: 'Active', scheduled: 'Scheduled', ended: 'Ended' } as const;
const smallButton =
  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ring-1 ring-inset ring-stone-300 hover:bg-stone-100';

/** Every promo code with its discount, dates, uses and state; new codes, edits and ends start here. */
export function PromotionsPage() {
  const [state, setState] = useListFilter('state');
  const list = useAdminList<AdminPromotion>('/admin/promotions/');
  return (
    <AdminPage
      title="Promotions"
      actions={
        <Link to="/admin/promotions/new" className={buttonClass('primary')}>
          New code
        </Link>
      }
    >
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
        Show
        <select className={selectClass} value={state} onChange={(event) => setState(event.target.value)}>
          <option value="">Every code</option>
          {promotionStates.map((name) => (
            <option key={name} value={name}>
              {stateLabels[name]}
            </option>
          ))}
        </select>
      </label>
      {list.isPending ? (
        <ListLoading label="Loading promo codes..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} retry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <ListEmpty>
          {state ? `No ${stateLabels[state as keyof typeof stateLabels]?.toLowerCase() ?? ''} codes.` : 'No promo codes yet.'}{' '}
          <Link to="/admin/promotions/new" className="font-semibold underline underline-offset-2">
            Make the first one
          </Link>
        </ListEmpty>
      ) : (
        <>
          <AdminTable label="Promotion codes" minWidthClass="min-w-[48rem]">
            <thead className={adminTableHeadClass}>
              <tr>
                <th scope="col" className="px-4 py-3">
                  Code
                </th>
                <th scope="col" className="px-4 py-3">
                  Discount
                </th>
                <th scope="col" className="px-4 py-3">
                  When
                </th>
                <th scope="col" className="px-4 py-3">
                  Used
                </th>
                <th scope="col" className="px-4 py-3">
                  State
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {list.data.results.map((promotion) => (
                <tr key={promotion.id} className="align-top">
                  <td className="px-4 py-3">
                    <Link to={`/admin/promotions/${promotion.id}`} className="font-semibold underline-offset-2 hover:underline">
                      {promotion.code}
                    </Link>
                    {promotion.description ? <p className="text-stone-500">{promotion.description}</p> : null}
                  </td>
                  <td className="px-4 py-3">
                    {discountText(promotion)}
                    {promotion.min_subtotal > 0 ? (
                      <p className="text-stone-500">over {formatMoney(promotion.min_subtotal, shopCurrency)}</p>
                    ) : null}
                    {promotion.first_order_only ? <p className="text-stone-500">first order only</p> : null}
                  </td>
                  <td className="px-4 py-3">{datesText(promotion)}</td>
                  <td className="px-4 py-3 whitespace-nowrap tabular-nums">{usageText(promotion)}</td>
                  <td className="px-4 py-3">
                    <PromotionStateBadge state={promotion.state} />
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-2">
                      <Link to={`/admin/promotions/${promotion.id}`} className={smallButton} aria-label={`Edit ${promotion.code}`}>
                        Edit
                      </Link>
                      {promotion.state === 'ended' ? null : <EndPromotionButton promotion={promotion} className={smallButton} />}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          <Pager list={list.data} />
        </>
      )}
    </AdminPage>
  );
}
