import { useId, type ComponentProps, type ReactNode } from 'react';

const tones = {
  light: {
    label: 'text-stone-800',
    hint: 'text-stone-500',
    control: 'bg-white text-stone-900 ring-stone-300 placeholder:text-stone-500 hover:ring-stone-400 focus-visible:ring-brand-600',
    error: 'text-red-700',
  },
  dark: {
    label: 'text-stone-200',
    hint: 'text-stone-400',
    control: 'bg-stone-900 text-white ring-stone-600 placeholder:text-stone-400 hover:ring-stone-500 focus-visible:ring-brand-300',
    error: 'text-red-300',
  },
} as const;

interface FieldFrameProps {
  label: string;
  /** Shown beside the label, e.g. '(optional)'. */
  hint?: string;
  /** A rule the value must meet, shown under the field before anything is typed ('At least 8 characters'). */
  description?: string;
  error?: string | null;
  tone?: keyof typeof tones;
  className?: string;
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

/** Label, control and error, tied together so a screen reader reads the problem with the field. */
function FieldFrame({
  label,
  hint,
  description,
  error,
  tone = 'light',
  className,
  children,
}: FieldFrameProps & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  const style = tones[tone];
  return (
    <div className={className}>
      <label htmlFor={id} className={`mb-1.5 block text-sm font-medium ${style.label}`}>
        {label}
        {hint && <span className={`ml-1 font-normal ${style.hint}`}>{hint}</span>}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        className: `block w-full rounded-xl px-4 py-3 text-base ring-1 ring-inset outline-none focus-visible:ring-2 sm:text-sm aria-invalid:ring-2 aria-invalid:ring-red-500 ${style.control}`,
      })}
      {description && (
        <p id={descriptionId} className={`mt-1.5 text-sm ${style.hint}`}>
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className={`mt-1.5 text-sm ${style.error}`}>
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<ComponentProps<'input'>, 'className' | 'id'>;
type TextareaProps = Omit<ComponentProps<'textarea'>, 'className' | 'id'>;

export function TextField({ label, hint, description, error, tone, className, ref, ...input }: FieldFrameProps & InputProps) {
  return (
    <FieldFrame label={label} hint={hint} description={description} error={error} tone={tone} className={className}>
      {(control) => <input ref={ref} {...input} {...control} />}
    </FieldFrame>
  );
}

export function TextAreaField({ label, hint, description, error, tone, className, ref, ...textarea }: FieldFrameProps & TextareaProps) {
  return (
    <FieldFrame label={label} hint={hint} description={description} error={error} tone={tone} className={className}>
      {(control) => <textarea ref={ref} {...textarea} {...control} />}
    </FieldFrame>
  );
}

type SelectProps = Omit<ComponentProps<'select'>, 'className' | 'id'>;

/** A native select (the phone's own picker) framed like the text fields: label, hint and error. */
export function SelectField({ label, hint, description, error, tone, className, ref, children, ...select }: FieldFrameProps & SelectProps) {
  return (
    <FieldFrame label={label} hint={hint} description={description} error={error} tone={tone} className={className}>
      {(control) => (
        <select ref={ref} {...select} {...control}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
