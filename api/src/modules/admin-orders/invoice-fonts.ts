import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit takes a font fontkit has already read (its changelog, 0.20.0); @types/pdfkit does not say so yet. */
      registerFont(name: string, src: Font): this;
    }
  }
}

/**
 * The invoice's typefaces, from npm packages so that every machine has them (SIL Open Font Licence).
 * PDF's built-in Helvetica knows Latin-1 alone: a customer named Ōkafor or 王 came out as garbage.
 * Noto Sans writes Latin with its extensions, Greek, Cyrillic and Vietnamese; Noto Sans SC writes
 * what Noto Sans lacks (Chinese, Japanese kana). pdfkit embeds only the letters an invoice uses.
 */
const fontFiles = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  // One weight only: what it writes is the customer's own text, never a heading.
  wide: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
} as const;

export type InvoiceFont = keyof typeof fontFiles;
export type InvoiceWeight = Exclude<InvoiceFont, 'wide'>;

/** A stretch of text written in one font. */
export interface TextRun {
  font: InvoiceFont;
  text: string;
}

const packageFile = createRequire(import.meta.url).resolve;
const fontPath = (name: InvoiceFont) => packageFile(fontFiles[name]);

/**
 * Each font is read once a process: reading one again for every invoice (its tables, kerning and
 * all) took most of a second of the event loop. Noto Sans SC (10 MB) is read by the first invoice
 * that needs it.
 */
const loaded = new Map<InvoiceFont, Promise<Font>>();
function loadFont(name: InvoiceFont): Promise<Font> {
  let loading = loaded.get(name);
  if (!loading) {
    loading = readFile(fontPath(name)).then((file) => {
      const font = create(file);
      if (!('layout' in font)) throw new Error(`${fontFiles[name]} is a font collection`);
      return font;
    });
    loaded.set(name, loading);
  }
  return loading;
}

export interface InvoiceLettering {
  /** Makes the invoice's fonts known to a document by the names in TextRun. */
  register(document: PDFKit.PDFDocument): void;
  /** The text cut where it moves between Noto Sans and the wide font. */
  runs(text: string, weight: InvoiceWeight): TextRun[];
}

/** The fonts for an invoice that writes `texts` (the customer's; the shop's own are Latin). */
export async function invoiceLettering(texts: string[]): Promise<InvoiceLettering> {
  const [regular, bold] = await Promise.all([loadFont('regular'), loadFont('bold')]);
  // Noto Sans Bold has the letters Noto Sans has.
  const isLatin = (letter: string) => regular.hasGlyphForCodePoint(letter.codePointAt(0) ?? 0);
  const runs = (text: string, weight: InvoiceWeight): TextRun[] => {
    const cut: TextRun[] = [];
    for (const letter of text) {
      const last = cut.at(-1);
      // Spaces and line breaks stay in the run they are in; a letter neither font has is an empty box either way.
      const font = /\s/.test(letter) ? (last?.font ?? weight) : isLatin(letter) ? weight : 'wide';
      if (last?.font === font) last.text += letter;
      else cut.push({ font, text: letter });
    }
    return cut.length > 0 ? cut : [{ font: weight, text }];
  };
  const needsWide = texts.some((text) => runs(text, 'regular').some((run) => run.font === 'wide'));
  const wide = needsWide ? await loadFont('wide') : undefined;
  return {
    register(document) {
      document.registerFont('regular', regular).registerFont('bold', bold);
      // Read from its file only if a text not given here turns out to need it.
      if (wide) document.registerFont('wide', wide);
      else document.registerFont('wide', fontPath('wide'));
    },
    runs,
  };
}
