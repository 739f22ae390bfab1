import { checkoutFieldMaxLength, parishes, type Address, type AddressInput } from '@threadline/contracts';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog.tsx';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { TextField } from '@/components/ui/text-field.tsx';

type TextKey = Exclude<keyof AddressInput, 'is_default'>;
type RequiredKey = 'street_address' | 'city' | 'country';

const blank: AddressInput = {
  label: '',
  street_address: '',
  apartment: '',
  city: '',
  state: '',
  postal_code: '',
  country: 'Jamaica',
  landmark: '',
  is_default: false,
};

// The words of the API's own checks (contracts addressInputSchema).
const requiredMessages: Record<RequiredKey, string> = {
  street_address: 'Street address is required',
  city: 'City is required',
  country: 'Country is required',
};

/** SPEC §5 address form: street address, city and country required; the rest optional. */
export function addressProblems(input: AddressInput): Partial<Record<RequiredKey, string>> {
  const keys = Object.keys(requiredMessages) as RequiredKey[];
  return Object.fromEntries(keys.filter((key) => input[key].trim() === '').map((key) => [key, requiredMessages[key]]));
}

const inputOf = (address: Address): AddressInput => ({
  label: address.label,
  street_address: address.street_address,
  apartment: address.apartment,
  city: address.city,
  state: address.state,
  postal_code: address.postal_code,
  country: address.country,
  landmark: address.landmark,
  is_default: address.is_default,
});

interface AddressDialogProps {
  /** 'add' for a new address, an address to edit it, null when closed (SPEC §4: add or edit mode). */
  target: Address | 'add' | null;
  /** The first address becomes the default whatever the box says, so it is ticked and fixed. */
  firstAddress: boolean;
  onClose(): void;
  /** Resolves once saved; rejects with the reason to show in the dialog. */
  onSave(input: AddressInput): Promise<void>;
}

export function AddressDialog({ target, firstAddress, onClose, onSave }: AddressDialogProps) {
  const [saving, setSaving] = useState(false);
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && !saving && onClose()}
      title={target === 'add' ? 'Add address' : 'Edit address'}
    >
      {target === null ? null : (
        <AddressForm
          // A fresh form for each address opened.
          key={target === 'add' ? 'add' : target.id}
          initial={target === 'add' ? { ...blank, is_default: firstAddress } : inputOf(target)}
          lockDefault={firstAddress || (target !== 'add' && target.is_default)}
          saving={saving}
          onCancel={onClose}
          onSave={async (input) => {
            setSaving(true);
            try {
              await onSave(input);
            } finally {
              setSaving(false);
            }
          }}
        />
      )}
    </Dialog>
  );
}

interface AddressFormProps {
  initial: AddressInput;
  /** A default address stays the default until another one is chosen. */
  lockDefault: boolean;
  saving: boolean;
  onCancel(): void;
  onSave(input: AddressInput): Promise<void>;
}

function AddressForm({ initial, lockDefault, saving, onCancel, onSave }: AddressFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const defaultNoteId = useId();
  const parishListId = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<RequiredKey, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = (key: TextKey) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [key]: value }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = addressProblems(values);
    flushSync(() => {
      setErrors(found);
      setFailure(null);
    });
    if (Object.keys(found).length > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    try {
      await onSave(values);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <form ref={form} noValidate onSubmit={(event) => void onSubmit(event)} className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        <div className="space-y-4">
          {failure ? <ErrorBox>{failure}</ErrorBox> : null}
          <TextField label="Label" hint="(optional)" name="label" placeholder="Home, Work…" value={values.label} onChange={set('label')} />
          <TextField
            label="Street address"
            name="street_address"
            autoComplete="address-line1"
            value={values.street_address}
            onChange={set('street_address')}
            error={errors.street_address ?? null}
            required
          />
          <TextField
            label="Apartment"
            hint="(optional)"
            name="apartment"
            autoComplete="address-line2"
            value={values.apartment}
            onChange={set('apartment')}
          />
          <TextField
            label="Landmark"
            hint="(optional)"
            name="landmark"
            maxLength={checkoutFieldMaxLength.landmark}
            placeholder="Opposite the Texaco, blue gate…"
            value={values.landmark}
            onChange={set('landmark')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="City"
              name="city"
              placeholder="Town, district or Kingston 10"
              autoComplete="address-level2"
              value={values.city}
              onChange={set('city')}
              error={errors.city ?? null}
              required
            />
            <TextField
              label="Parish / State"
              hint="(optional)"
              name="state"
              autoComplete="address-level1"
              list={parishListId}
              value={values.state}
              onChange={set('state')}
            />
            <TextField
              label="Postal code"
              hint="(optional)"
              name="postal_code"
              autoComplete="postal-code"
              value={values.postal_code}
              onChange={set('postal_code')}
            />
            <TextField
              label="Country"
              name="country"
              autoComplete="country-name"
              value={values.country}
              onChange={set('country')}
              error={errors.country ?? null}
              required
            />
          </div>
          <datalist id={parishListId}>
            {parishes.map((parish) => (
              <option key={parish} value={parish} />
            ))}
          </datalist>
          <label className="flex min-h-11 items-center gap-3 text-sm text-stone-800">
            <input
              type="checkbox"
              name="is_default"
              checked={values.is_default}
              disabled={lockDefault}
              aria-describedby={lockDefault ? defaultNoteId : undefined}
              onChange={(event) => {
                const { checked } = event.target;
                setValues((current) => ({ ...current, is_default: checked }));
              }}
              className="size-4 rounded accent-brand-700"
            />
            Set as default address
          </label>
          {lockDefault ? (
            <p id={defaultNoteId} className="-mt-2 text-xs text-stone-500">
              {initial.is_default && initial.street_address
                ? 'This is your default address. To change it, set another address as the default.'
                : 'Your first address becomes your default.'}
            </p>
          ) : null}
        </div>
      </DialogBody>
      <DialogFooter>
        <button type="button" onClick={onCancel} disabled={saving} className={buttonClass('secondary')}>
          Cancel
        </button>
        <button type="submit" disabled={saving} className={buttonClass('primary')}>
          {saving ? 'Saving...' : 'Save address'}
        </button>
      </DialogFooter>
    </form>
  );
}
