import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { AdminVariant } from '@threadline/contracts';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog.tsx';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import type { NoticeMessage } from '@/components/ui/notice.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { saveErrorsOf, type SaveErrors } from '../../field-errors.ts';
import { useDeleteVariant } from '../api/delete-variant.ts';
import { useSaveVariant } from '../api/save-variant.ts';

const noErrors: SaveErrors = { fields: {}, general: null };
const rowButton = 'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium hover:bg-stone-100';

interface Editing {
  variant: AdminVariant | null;
  size: string;
  color: string;
  sku: string;
  stock: string;
}

/** A product's variants: add one, change its size, colour or SKU, or remove it (an ordered one is retired). */
export function VariantsTable({
  productId,
  variants,
  onNotice,
}: {
  productId: number;
  variants: AdminVariant[];
  onNotice(notice: NoticeMessage): void;
}) {
  const save = useSaveVariant(productId);
  const remove = useDeleteVariant();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<SaveErrors>(noErrors);
  const [removing, setRemoving] = useState<AdminVariant | null>(null);

  const open = (variant: AdminVariant | null) => {
    setErrors(noErrors);
    setEditing({ variant, size: variant?.size ?? '', color: variant?.color ?? '', sku: variant?.sku ?? '', stock: '0' });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const options = { size: editing.size, color: editing.color, sku: editing.sku };
    save.mutate(
      editing.variant
        ? { kind: 'change', variantId: editing.variant.id, body: options }
        : { kind: 'add', body: { ...options, stock: Number(editing.stock) } },
      {
        onSuccess: () => {
          setEditing(null);
          onNotice({ tone: 'success', text: editing.variant ? 'Variant saved.' : 'Variant added.' });
        },
        onError: (error) => setErrors(saveErrorsOf(error, ['size', 'color', 'sku', 'stock'])),
      },
    );
  };
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        onNotice({ tone: 'success', text: `Variant ${removing.sku} deleted.` });
      },
      onError: (error) => {
        setRemoving(null);
        // A variant on orders is retired instead (409 with the server's explanation): that went well.
        const retired = error instanceof ApiError && error.status === 409 && removing.ordered;
        onNotice({ tone: retired ? 'success' : 'error', text: error.message });
      },
    });
  };

  return (
    <section aria-labelledby="variants-heading" className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="variants-heading" className="text-base font-semibold">
          Variants
        </h2>
        <button type="button" className={buttonClass('secondary')} onClick={() => open(null)}>
          <Plus className="size-4" aria-hidden="true" /> Add variant
        </button>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <thead className="text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Size
              </th>
              <th scope="col" className="py-2 pr-4">
                Colour
              </th>
              <th scope="col" className="py-2 pr-4">
                SKU
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Stock
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {variants.map((variant) => (
              <tr key={variant.id}>
                <td className="py-2 pr-4">{variant.size ?? '—'}</td>
                <td className="py-2 pr-4">{variant.color ?? '—'}</td>
                <td className="py-2 pr-4 font-mono text-xs">{variant.sku}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{variant.stock}</td>
                <td className="py-1 text-right whitespace-nowrap">
                  <button type="button" className={rowButton} onClick={() => open(variant)} aria-label={`Edit variant ${variant.sku}`}>
                    <Pencil className="size-4" aria-hidden="true" /> Edit
                  </button>
                  <button
                    type="button"
                    className={`${rowButton} text-red-700 hover:bg-red-50`}
                    onClick={() => setRemoving(variant)}
                    aria-label={`Remove variant ${variant.sku}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" /> Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-stone-600">Stock changes are made on the Stock tab, each one kept as a movement.</p>

      <Dialog
        open={editing !== null}
        onOpenChange={(next) => !next && setEditing(null)}
        title={editing?.variant ? `Edit variant ${editing.variant.sku}` : 'Add a variant'}
      >
        {editing ? (
          <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
            <DialogBody>
              <div className="space-y-4">
                {errors.general ? <ErrorBox>{errors.general}</ErrorBox> : null}
                <div className="grid grid-cols-2 gap-3">
                  <TextField
                    label="Size"
                    hint="(optional)"
                    value={editing.size}
                    maxLength={40}
                    onChange={(event) => setEditing({ ...editing, size: event.currentTarget.value })}
                    error={errors.fields.size}
                  />
                  <TextField
                    label="Colour"
                    hint="(optional)"
                    value={editing.color}
                    maxLength={40}
                    onChange={(event) => setEditing({ ...editing, color: event.currentTarget.value })}
                    error={errors.fields.color}
                  />
                </div>
                <TextField
                  label="SKU"
                  required
                  value={editing.sku}
                  maxLength={80}
                  onChange={(event) => setEditing({ ...editing, sku: event.currentTarget.value })}
                  error={errors.fields.sku}
                />
                {editing.variant ? null : (
                  <TextField
                    label="Units in stock"
                    inputMode="numeric"
                    value={editing.stock}
                    onChange={(event) => setEditing({ ...editing, stock: event.currentTarget.value })}
                    error={errors.fields.stock}
                  />
                )}
              </div>
            </DialogBody>
            <DialogFooter>
              <button type="button" className={buttonClass('secondary')} onClick={() => setEditing(null)}>
                Cancel
              </button>
              <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
                {save.isPending ? 'Saving...' : editing.variant ? 'Save variant' : 'Add variant'}
              </button>
            </DialogFooter>
          </form>
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={removing !== null}
        title={`Remove variant ${removing?.sku ?? ''}?`}
        message={
          removing?.ordered
            ? 'It is on orders, so it will be retired: no longer sold or shown, its orders kept as they are.'
            : 'It was never ordered, so it will be deleted.'
        }
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
