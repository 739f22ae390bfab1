import type { AdminReview } from '@threadline/contracts';
import { selectClass } from '@/components/ui/field-styles.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { useAdminList, useListFilter } from '../../hooks/use-admin-list.ts';
import { ReviewCard } from '../components/review-card.tsx';

/** Buyers' reviews by status, newest first: staff approve or reject them and may reply in public. */
export function ReviewsPage() {
  const [status, setStatus] = useListFilter('status');
  const list = useAdminList<AdminReview>('/admin/reviews/');
  return (
    <AdminPage title="Reviews">
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
        Show
        <select className={selectClass} value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">Every review</option>
          <option value="pending">Pending</option>
          <option value="approved">Approved</option>
          <option value="rejected">Rejected</option>
        </select>
      </label>
      {list.isPending ? (
        <ListLoading label="Loading reviews..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} retry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <ListEmpty>{status ? `No ${status} reviews.` : 'No reviews yet. What buyers write about their orders appears here.'}</ListEmpty>
      ) : (
        <>
          <ul className="space-y-3">
            {list.data.results.map((review) => (
              // Keyed by what staff may change, so the reply field starts afresh after a save.
              <ReviewCard key={`${review.id}-${review.updated_at}`} review={review} />
            ))}
          </ul>
          <Pager list={list.data} />
        </>
      )}
    </AdminPage>
  );
}
