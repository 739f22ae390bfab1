import { useCallback, useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { isUnreachable } from '@/lib/queries/cart-cache.ts';
import { pageNoticeState } from '@/lib/page-notice.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useOpenSharedCart } from '../api/share-cart.ts';

/**
 * A shared cart's link (KINGSTON.md §5): its lines go into this shopper's cart, which then opens
 * with the server's word on what was added. Opening the link twice adds nothing more.
 */
export function SharedCartPage() {
  usePageTitle('Shared Cart');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { mutate, isError, error } = useOpenSharedCart();
  const fill = useCallback(
    () => mutate(token, { onSuccess: (answer) => void navigate('/cart', { replace: true, state: pageNoticeState(answer.message) }) }),
    [mutate, token, navigate],
  );
  const asked = useRef(false);

  useEffect(() => {
    // Once per visit: React runs an effect twice in development.
    if (asked.current) return;
    asked.current = true;
    fill();
  }, [fill]);

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Shared Cart</h1>
      {isError ? (
        <div className="mt-6 space-y-4">
          <ErrorBox>{error.message}</ErrorBox>
          <div className="flex flex-wrap gap-3">
            {/* A link that is not valid stays so; only a failed connection is worth another try. */}
            {isUnreachable(error) ? (
              <button type="button" onClick={fill} className={buttonClass('primary')}>
                Try Again
              </button>
            ) : null}
            <Link to="/shop" className={buttonClass(isUnreachable(error) ? 'secondary' : 'primary')}>
              Continue Shopping
            </Link>
          </div>
        </div>
      ) : (
        <p aria-busy="true" className="mt-6 text-stone-600">
          Adding the shared items to your cart…
        </p>
      )}
    </div>
  );
}
