import type { AdminPromotion } from '@threadline/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useUpdatePromotion } from '../api/update-promotion.ts';

/** Ends a code after asking: shoppers who try it next are refused, and carts holding it lose the discount. */
export function EndPromotionButton({
  promotion,
  className,
  onEnded,
}: {
  promotion: AdminPromotion;
  className: string;
  onEnded?: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdatePromotion();
  const end = () =>
    update.mutate(
      { id: promotion.id, changes: { active: false } },
      {
        onSuccess: () => {
          setAsking(false);
          onEnded?.();
        },
        onError: (error) => {
          setAsking(false);
          setFailure(error instanceof ApiError && error.status !== 0 ? error.message : 'Could not reach the shop. The code was not ended.');
        },
      },
    );
  return (
    <>
      <button type="button" className={className} onClick={() => setAsking(true)} aria-label={`End ${promotion.code}`}>
        End
      </button>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={`End ${promotion.code}?`}
        message="Shoppers can no longer use it, and carts holding it lose the discount. You can make it active again later."
        confirmLabel="End code"
        busyLabel="Ending..."
        busy={update.isPending}
        onConfirm={end}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
