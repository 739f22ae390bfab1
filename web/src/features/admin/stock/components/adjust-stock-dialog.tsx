import { maxStockChange, stockNoteMax, type StockRow } from '@threadline/contracts';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog.tsx';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAdjustStock } from '../api/adjust-stock.ts';
import { variantLabel } from './stock-level.tsx';

const reasons = ['Delivery received', 'Stocktake count', 'Damaged', 'Returned by customer'];

interface AdjustStockDialogProps {
  variant: StockRow | null;
  onClose(): void;
  /** Told the new stock once the shop has it. */
  onAdjusted(variant: StockRow, stock: number): void;
}

/**
 * Adds or takes units with a reason. The change is signed (5 adds five, -2 takes two) and the stock
 * it leads to is shown before it is saved; the server's refusal (never below 0) is shown in place.
 */
export function AdjustStockDialog({ variant, onClose, onAdjusted }: AdjustStockDialogProps) {
  return (
    <Dialog
      open={variant !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Adjust stock"
      description={variant ? `${variant.product.name}, ${variantLabel(variant)} (${variant.sku})` : undefined}
    >
      {variant ? <AdjustStockForm key={variant.id} variant={variant} onClose={onClose} onAdjusted={onAdjusted} /> : null}
    </Dialog>
  );
}

function AdjustStockForm({
  variant,
  onClose,
  onAdjusted,
}: {
  variant: StockRow;
  onClose(): void;
  onAdjusted(variant: StockRow, stock: number): void;
}) {
  const adjust = useAdjustStock();
  const [change, setChange] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<{ field: 'change' | 'reason' | null; text: string } | null>(null);
  const amount = /^[+-]?\d+$/.test(change.trim()) ? Number(change.trim()) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount === null || amount === 0 || Math.abs(amount) > maxStockChange) {
      setProblem({ field: 'change', text: 'Enter a whole number of units to add (e.g. 5) or take away (e.g. -2).' });
      return;
    }
    if (reason.trim() === '') {
      setProblem({ field: 'reason', text: 'Say why the stock changes.' });
      return;
    }
    setProblem(null);
    adjust.mutate(
      { variantId: variant.id, change: amount, reason: reason.trim() },
      {
        onSuccess: ({ stock }) => onAdjusted(variant, stock),
        onError: (error) =>
          setProblem({
            field: null,
            text:
              error instanceof ApiError && error.status !== 0
                ? error.message
                : 'Could not reach the shop. Check your connection and try again.',
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        <div className="space-y-4">
          <p className="text-sm text-stone-700">
            In stock now: <span className="font-semibold tabular-nums">{variant.stock}</span>
            {amount !== null && amount !== 0 ? (
              <>
                {' '}
                → after this change:{' '}
                <span className={`font-semibold tabular-nums ${variant.stock + amount < 0 ? 'text-red-700' : ''}`}>
                  {variant.stock + amount}
                </span>
              </>
            ) : null}
          </p>
          <TextField
            label="Change"
            hint="(+ adds, − takes away)"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 5 or -2"
            value={change}
            onChange={(event) => setChange(event.currentTarget.value)}
            error={problem?.field === 'change' ? problem.text : null}
          />
          <TextField
            label="Reason"
            maxLength={stockNoteMax}
            list="stock-reasons"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={problem?.field === 'reason' ? problem.text : null}
          />
          <datalist id="stock-reasons">
            {reasons.map((suggestion) => (
              <option key={suggestion} value={suggestion}>
                {suggestion}
              </option>
            ))}
          </datalist>
          {problem?.field === null ? <ErrorBox>{problem.text}</ErrorBox> : null}
        </div>
      </DialogBody>
      <DialogFooter>
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={buttonClass('primary')} disabled={adjust.isPending}>
          {adjust.isPending ? 'Saving…' : 'Save change'}
        </button>
      </DialogFooter>
    </form>
  );
}
