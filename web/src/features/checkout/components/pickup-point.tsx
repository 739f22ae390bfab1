import { parishes, pickupPointText, shippingMethodWords, type PickupPoint, type PickupPointKind } from '@threadline/contracts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { SelectField } from '@/components/ui/text-field.tsx';
import { CheckoutSection } from './checkout-section.tsx';

interface PickupPointChoiceProps {
  kind: PickupPointKind;
  /** The shop's pickup points (GET /api/store/); undefined while they load. */
  points: readonly PickupPoint[] | undefined;
  value: string;
  onChange(code: string): void;
  error: string | null;
}

const fieldLabel: Record<PickupPointKind, string> = { knutsford: 'Knutsford Express branch', post_office: 'Post office' };

/**
 * KINGSTON.md §3: where a Knutsford Express or post-office parcel waits, from the owner's list,
 * grouped by parish in the island's order; the phone's own picker on a phone.
 */
export function PickupPointChoice({ kind, points, value, onChange, error }: PickupPointChoiceProps) {
  const ofKind = (points ?? []).filter((point) => point.kind === kind);
  const chosen = ofKind.find((point) => point.code === value);
  return (
    <CheckoutSection>
      <h2 className="text-lg font-semibold text-stone-900">Collect at</h2>
      <p className="mt-1 text-sm text-stone-600">
        {kind === 'knutsford'
          ? 'We send your parcel by Knutsford Express; collect it at the branch with your ID and order number.'
          : 'We send your parcel to the post office; collect it there with your ID and order number.'}
      </p>
      {points ? (
        <SelectField
          className="mt-4"
          name="pickupPoint"
          label={fieldLabel[kind]}
          value={chosen ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          error={error}
        >
          <option value="">Choose a {kind === 'knutsford' ? 'branch' : 'post office'}</option>
          {parishes.map((parish) => {
            const inParish = ofKind.filter((point) => point.parish === parish);
            return inParish.length === 0 ? null : (
              <optgroup key={parish} label={parish}>
                {inParish.map((point) => (
                  <option key={point.code} value={point.code}>
                    {point.name}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </SelectField>
      ) : (
        <div aria-busy="true" className="mt-4 space-y-2">
          <output className="sr-only">Loading the {shippingMethodWords[kind]} pickup points...</output>
          <Skeleton className="h-11 w-full" />
        </div>
      )}
      {chosen ? <p className="mt-2 text-sm text-stone-700">Collect at {pickupPointText(chosen)}</p> : null}
    </CheckoutSection>
  );
}
