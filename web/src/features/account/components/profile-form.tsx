import { messages, type User } from '@threadline/contracts';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { Notice, type NoticeMessage } from '@/components/ui/notice.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useUpdateProfile, type ProfileFields } from '../api/update-profile.ts';
import { failureText } from '../failure-text.ts';
import { ProfilePictureField } from './profile-picture-field.tsx';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

const fieldsOf = (user: User): ProfileFields => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  phone: user.phone,
  date_of_birth: user.date_of_birth ?? '',
});

/** 'Member since {Month YYYY}', or 'Recently' when the date is unknown (SPEC §2). */
export function memberSince(dateJoined: string | null | undefined): string {
  const date = dateJoined ? new Date(dateJoined) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Recently';
  return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

export function ProfileForm({ user }: { user: User }) {
  const form = useRef<HTMLFormElement>(null);
  const update = useUpdateProfile();
  const [values, setValues] = useState(() => fieldsOf(user));
  const [picture, setPicture] = useState<File | null>(null);
  // A new file input after each save, so it no longer names the file just uploaded.
  const [saves, setSaves] = useState(0);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const displayName = `${user.first_name} ${user.last_name}`.trim() || user.email;

  const set = (key: keyof ProfileFields) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [key]: value }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const email = values.email.trim();
    const problem = email && !looksLikeEmail(email) ? messages.emailInvalid : null;
    flushSync(() => setEmailError(problem));
    if (problem) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setNotice(null);
    try {
      const answer = await update.mutateAsync({ fields: values, picture });
      setValues(fieldsOf(answer.user));
      setPicture(null);
      setSaves((count) => count + 1);
      setNotice({ tone: 'success', text: answer.message || messages.profileUpdated });
    } catch (error) {
      setNotice({ tone: 'error', text: failureText(error, messages.profileUpdateFailed) });
    }
  };

  const busy = update.isPending;
  return (
    <form ref={form} noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-8">
      <div className="flex flex-col gap-5 rounded-2xl p-5 ring-1 ring-stone-200 ring-inset sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <ProfilePictureField
          key={saves}
          current={user.profile_picture}
          initials={(user.first_name.charAt(0) || user.email.charAt(0)).toUpperCase()}
          name={displayName}
          chosen={picture}
          onChoose={setPicture}
          disabled={busy}
        />
        <div className="text-sm sm:text-right">
          <p className="font-semibold">{displayName}</p>
          <p className="text-stone-600">Member since {memberSince(user.date_joined)}</p>
        </div>
      </div>
      <fieldset disabled={busy} className="grid gap-5 sm:grid-cols-2">
        <legend className="sr-only">Your details</legend>
        <TextField label="First name" name="first_name" autoComplete="given-name" value={values.first_name} onChange={set('first_name')} />
        <TextField label="Last name" name="last_name" autoComplete="family-name" value={values.last_name} onChange={set('last_name')} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={emailError}
        />
        <TextField label="Phone" name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} />
        <TextField
          label="Date of birth"
          name="date_of_birth"
          type="date"
          autoComplete="bday"
          value={values.date_of_birth}
          onChange={set('date_of_birth')}
        />
      </fieldset>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" disabled={busy} className={buttonClass('primary')}>
          {busy ? 'Saving...' : 'Save changes'}
        </button>
        <p className="text-xs text-stone-500">An empty name or email is left as it is; an empty phone or date of birth is removed.</p>
      </div>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
    </form>
  );
}
