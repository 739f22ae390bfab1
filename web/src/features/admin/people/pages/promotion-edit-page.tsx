import type { AdminPromotion, PromotionCreate } from '@threadline/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { useCreatePromotion } from '../api/create-promotion.ts';
import { usePromotion } from '../api/get-promotion.ts';
import { useUpdatePromotion } from '../api/update-promotion.ts';
import { EndPromotionButton } from '../components/end-promotion-button.tsx';
import { emptyPromotionForm, formValuesOf, type PromotionField } from '../components/promotion-form-values.ts';
import { PromotionForm } from '../components/promotion-form.tsx';
import { PromotionStateBadge, usageText } from '../components/promotion-summary.tsx';

type ServerError = { field: PromotionField | null; message: string } | null;

const fields = new Set<string>(Object.keys(emptyPromotionForm));

/** The server names the field first ('value: …'); a duplicate code (409) is the code's problem. */
function serverErrorOf(error: unknown): ServerError {
  if (!(error instanceof ApiError) || error.status === 0)
    return { field: null, message: 'Could not reach the shop. Nothing was saved; try again.' };
  if (error.status === 409 && error.message.startsWith('There is already')) return { field: 'code', message: error.message };
  const [field, ...rest] = error.message.split(': ');
  if (field && rest.length > 0 && fields.has(field)) return { field: field as PromotionField, message: rest.join(': ') };
  return { field: null, message: error.message };
}

const backLink = (
  <Link to="/admin/promotions" className="text-sm font-medium underline underline-offset-2">
    All promotions
  </Link>
);

export function NewPromotionPage() {
  const navigate = useNavigate();
  const create = useCreatePromotion();
  const [serverError, setServerError] = useState<ServerError>(null);
  const save = (input: PromotionCreate) =>
    create.mutate(input, {
      onSuccess: () => navigate('/admin/promotions'),
      onError: (error) => setServerError(serverErrorOf(error)),
    });
  return (
    <AdminPage title="New promo code" actions={backLink}>
      <PromotionForm
        initial={emptyPromotionForm}
        submitLabel="Create code"
        busyLabel="Creating..."
        busy={create.isPending}
        serverError={serverError}
        onSubmit={save}
      />
    </AdminPage>
  );
}

function EditPromotion({ promotion }: { promotion: AdminPromotion }) {
  const navigate = useNavigate();
  const update = useUpdatePromotion();
  const [serverError, setServerError] = useState<ServerError>(null);
  const save = (input: PromotionCreate) =>
    update.mutate(
      { id: promotion.id, changes: input },
      {
        onSuccess: () => navigate('/admin/promotions'),
        onError: (error) => setServerError(serverErrorOf(error)),
      },
    );
  const smallButton =
    'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ring-1 ring-inset ring-red-300 text-red-800 hover:bg-red-50';
  return (
    <AdminPage title={`Edit ${promotion.code}`} actions={backLink}>
      <div className="flex flex-wrap items-center gap-3 text-sm text-stone-600">
        <PromotionStateBadge state={promotion.state} />
        <span>Used {usageText(promotion)}</span>
        {promotion.state === 'ended' ? null : <EndPromotionButton promotion={promotion} className={smallButton} />}
      </div>
      <PromotionForm
        key={`${promotion.id}-${promotion.active}`}
        initial={formValuesOf(promotion)}
        submitLabel="Save changes"
        busyLabel="Saving..."
        busy={update.isPending}
        serverError={serverError}
        onSubmit={save}
      />
    </AdminPage>
  );
}

export function PromotionEditPage() {
  const id = Number(useParams().id);
  const promotion = usePromotion(id);
  if (promotion.isPending) return <ListLoading label="Loading the promo code..." rows={5} />;
  if (promotion.isError) {
    return (
      <AdminPage title="Promo code" actions={backLink}>
        <LoadFailed error={promotion.error} retry={() => void promotion.refetch()} />
      </AdminPage>
    );
  }
  return <EditPromotion promotion={promotion.data} />;
}
