import { messages } from '@threadline/contracts';
import { Camera } from 'lucide-react';
import { useId, useState } from 'react';

/** SPEC §5: the picture is limited to image files. */
export const isImageFile = (file: File) => file.type.startsWith('image/');

interface ProfilePictureFieldProps {
  /** The saved picture's URL, or null. */
  current: string | null;
  /** Initials shown when there is no picture. */
  initials: string;
  name: string;
  chosen: File | null;
  onChoose(file: File | null): void;
  disabled: boolean;
}

/** The profile picture with a preview of the one chosen before it is saved. */
export function ProfilePictureField({ current, initials, name, chosen, onChoose, disabled }: ProfilePictureFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  const shown = preview ?? current;
  return (
    <div className="flex flex-wrap items-center gap-5">
      <div className="relative">
        {shown ? (
          <img
            src={shown}
            alt={name}
            width={96}
            height={96}
            className="size-24 rounded-full bg-stone-100 object-cover ring-1 ring-stone-200"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-24 items-center justify-center rounded-full bg-brand-700 text-3xl font-semibold text-white uppercase"
          >
            {initials}
          </span>
        )}
        <span className="absolute -right-1 -bottom-1 flex size-9 items-center justify-center rounded-full bg-white text-stone-700 shadow ring-1 ring-stone-200">
          <Camera className="size-4" aria-hidden="true" />
        </span>
      </div>
      <div className="space-y-1.5 text-sm">
        <label htmlFor={inputId} className="block font-medium text-stone-800">
          Profile picture
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            if (file && !isImageFile(file)) {
              setError(messages.profilePictureInvalid);
              event.target.value = '';
              setPreview(null);
              onChoose(null);
              return;
            }
            setError(null);
            setPreview(null);
            onChoose(file);
            if (!file) return;
            // A data URL needs no revoking, unlike an object URL, whose lifetime React's
            // development double effects would cut short.
            const reader = new FileReader();
            reader.addEventListener('load', () => setPreview(typeof reader.result === 'string' ? reader.result : null));
            reader.readAsDataURL(file);
          }}
          className="block w-full max-w-xs text-sm text-stone-600 file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-stone-100 file:px-4 file:text-sm file:font-semibold file:text-stone-900 hover:file:bg-stone-200"
        />
        {error ? (
          <p id={errorId} className="text-red-700">
            {error}
          </p>
        ) : (
          <p className="text-stone-500">{chosen ? 'Saved when you save your changes.' : 'JPEG, PNG, WebP or GIF.'}</p>
        )}
      </div>
    </div>
  );
}
