import { messages, passwordMinLength, type AuthResponse } from '@threadline/contracts';

export interface SignUpPayload {
  first_name: string;
  last_name: string;
  email: string;
  password1: string;
  password2: string;
}

export type SignUpField = keyof SignUpPayload;

export interface SignUpProblems {
  /** The form-level message, e.g. 'All fields are required'. */
  summary: string | null;
  fields: Partial<Record<SignUpField, string>>;
}

/** SPEC §5 sign-up rules, in the spec's order and words; null when the form may be sent. */
export function signUpProblems(form: SignUpPayload): SignUpProblems | null {
  const empty = (Object.keys(form) as SignUpField[]).filter((field) => form[field].trim() === '');
  if (empty.length > 0) {
    return { summary: messages.signUpAllRequired, fields: Object.fromEntries(empty.map((field) => [field, 'Required'])) };
  }
  if (form.password1 !== form.password2) return { summary: null, fields: { password2: messages.signUpPasswordsMismatch } };
  if (form.password1.length < passwordMinLength) return { summary: null, fields: { password1: messages.signUpPasswordTooShort } };
  return null;
}

/** SPEC §4 sign-up outcomes, by what the answer holds. */
export type SignUpOutcome = 'signed-in' | 'sign-in-with-new-account' | 'sign-in-manually';

export function signUpOutcome(answer: Partial<AuthResponse> | undefined): SignUpOutcome {
  if (answer?.user && answer.token) return 'signed-in';
  if (answer?.user) return 'sign-in-with-new-account';
  return 'sign-in-manually';
}
