import { checkoutFieldMaxLength } from '@threadline/contracts';
import { TextField } from '@/components/ui/text-field.tsx';
import type { CheckoutForm, FormErrors } from '../checkout-form.ts';
import { CheckoutSection } from './checkout-section.tsx';

export type ProfileState = 'guest' | 'loading' | 'loaded' | 'failed';

interface PersonalDetailsProps {
  form: CheckoutForm;
  set<Key extends keyof CheckoutForm>(key: Key, value: CheckoutForm[Key]): void;
  errors: FormErrors;
  profile: ProfileState;
  onSignIn(): void;
}

/** SPEC §2 Personal Information, with the guest's way to sign in or the signed-in customer's profile status. */
export function PersonalDetails({ form, set, errors, profile, onSignIn }: PersonalDetailsProps) {
  return (
    <CheckoutSection>
      <fieldset>
        <legend className="text-lg font-semibold text-stone-900">Personal Information</legend>
        {profile === 'guest' ? (
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-stone-600">
            Have an account?
            <button
              type="button"
              onClick={onSignIn}
              className="min-h-11 rounded-full px-4 font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-50"
            >
              Sign in to auto-fill
            </button>
          </p>
        ) : (
          <output className={`mt-2 block text-sm ${profile === 'loaded' ? 'text-brand-800' : 'text-stone-600'}`}>
            {profile === 'loading' ? 'Loading profile...' : profile === 'loaded' ? '✓ Profile loaded' : null}
          </output>
        )}
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField
            name="firstName"
            maxLength={checkoutFieldMaxLength.first_name}
            label="First name"
            autoComplete="given-name"
            value={form.firstName}
            onChange={(event) => set('firstName', event.target.value)}
            error={errors.firstName ?? null}
          />
          <TextField
            name="lastName"
            maxLength={checkoutFieldMaxLength.last_name}
            label="Last name"
            autoComplete="family-name"
            value={form.lastName}
            onChange={(event) => set('lastName', event.target.value)}
            error={errors.lastName ?? null}
          />
          <TextField
            name="email"
            maxLength={checkoutFieldMaxLength.email}
            type="email"
            label="Email"
            autoComplete="email"
            value={form.email}
            onChange={(event) => set('email', event.target.value)}
            error={errors.email ?? null}
          />
          <TextField
            name="phone"
            maxLength={checkoutFieldMaxLength.phone}
            type="tel"
            label="Phone"
            autoComplete="tel"
            value={form.phone}
            onChange={(event) => set('phone', event.target.value)}
            error={errors.phone ?? null}
          />
        </div>
      </fieldset>
    </CheckoutSection>
  );
}
