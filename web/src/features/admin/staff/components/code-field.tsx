import { forwardRef } from 'react';
import { TextField } from '@/components/ui/text-field.tsx';

/**
 * The one field for a code from an authenticator app: phones offer the number pad and, where the
 * system can, the code itself.
 */
export const CodeField = forwardRef<
  HTMLInputElement,
  { value: string; onChange(value: string): void; error: string | null; label?: string }
>(function CodeField({ value, onChange, error, label = '6-digit code' }, ref) {
  return (
    <TextField
      ref={ref}
      label={label}
      name="code"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9 ]*"
      maxLength={7}
      required
      className="max-w-48"
    />
  );
});

/** What the server takes: the six digits, without the space some apps show in the middle. */
export const codeDigits = (value: string) => value.replace(/\s/g, '');
export const isCompleteCode = (value: string) => /^\d{6}$/.test(codeDigits(value));
