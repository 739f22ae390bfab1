import { imageAltTextMax, productImageLimits } from '@threadline/contracts';
import { ImageUp } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { selectClass } from '@/components/ui/field-styles.ts';
import { ColourOptions } from './colour-options.tsx';

const maxBytes = productImageLimits.megabytes * 1024 * 1024;

/**
 * Choose a picture, describe it, upload it. The upload can take a while on a shop's connection, so
 * the button says so while it runs; a file over the size limit is refused before it is sent.
 */
export function UploadPictureForm({
  uploading,
  colors,
  onUpload,
}: {
  uploading: boolean;
  /** The product's variant colours a picture may show. */
  colors: string[];
  onUpload(file: File, altText: string, color: string): Promise<boolean>;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [altText, setAltText] = useState('');
  const [color, setColor] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem('Choose a picture first.');
      return;
    }
    if (file.size > maxBytes) {
      setProblem(`This file is ${(file.size / 1024 / 1024).toFixed(1)} MB; pictures may be at most ${productImageLimits.megabytes} MB.`);
      return;
    }
    setProblem(null);
    if (await onUpload(file, altText.trim(), color)) {
      setFile(null);
      setAltText('');
      setColor('');
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-stone-200"
      aria-busy={uploading}
    >
      <h2 className="text-base font-semibold">Add a picture</h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
          Picture file (JPEG, PNG, WebP, HEIC…, up to {productImageLimits.megabytes} MB)
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'upload-problem' : undefined}
            className="block w-full min-w-0 text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-stone-900 file:px-4 file:text-sm file:font-semibold file:text-white"
          />
        </label>
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
          Alt text
          <input
            value={altText}
            maxLength={imageAltTextMax}
            placeholder="e.g. Harbour Tee in blue, front"
            onChange={(event) => setAltText(event.currentTarget.value)}
            className="h-11 w-full min-w-0 rounded-xl bg-white px-3.5 text-base ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none sm:text-sm"
          />
        </label>
        {colors.length > 0 ? (
          <label className="flex min-w-0 flex-col gap-1 text-sm font-medium sm:w-44">
            Colour it shows
            <select className={`${selectClass} w-full`} value={color} onChange={(event) => setColor(event.currentTarget.value)}>
              <ColourOptions colors={colors} />
            </select>
          </label>
        ) : null}
        <button type="submit" className={buttonClass('primary')} disabled={uploading}>
          <ImageUp className="size-4" aria-hidden="true" />
          {uploading ? 'Uploading…' : 'Upload'}
        </button>
      </div>
      {problem ? (
        <p id="upload-problem" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
