import { inflateSync } from 'node:zlib';

/**
 * The text a PDF the shop wrote (pdfkit) shows, one line per text object, for tests that read an
 * invoice as a person does. It reads what pdfkit writes: objects that are not in object streams,
 * Flate-compressed streams, fonts named once per document, text shown with Tj and TJ; a font with a
 * ToUnicode map (an embedded font) is read through it, a standard font as WinAnsi (Latin-1) bytes.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<string, { dictionary: string; stream: string | null }>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const [, number = '', body = ''] = match;
    const streamAt = body.indexOf('stream');
    const dictionary = streamAt === -1 ? body : body.slice(0, streamAt);
    let stream: string | null = null;
    if (streamAt !== -1) {
      const raw = body.slice(streamAt + 'stream'.length).replace(/^\r?\n/, '').replace(/\r?\nendstream\s*$/, '');
      stream = /\/FlateDecode/.test(dictionary) ? inflateSync(Buffer.from(raw, 'latin1')).toString('latin1') : raw;
    }
    objects.set(number, { dictionary, stream });
  }

  // The font each resource name stands for, and the map from its codes to text when it has one.
  const fontObjects = new Map<string, string>();
  for (const { dictionary } of objects.values()) {
    for (const [, name = '', number = ''] of dictionary.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontObjects.set(name, number);
  }
  const toUnicodeOf = (fontName: string): Map<string, string> | null => {
    const font = objects.get(fontObjects.get(fontName) ?? '');
    const mapNumber = font ? /\/ToUnicode (\d+) 0 R/.exec(font.dictionary)?.[1] : undefined;
    const cmap = mapNumber ? objects.get(mapNumber)?.stream : undefined;
    return cmap ? readCMap(cmap) : null;
  };

  const lines: string[] = [];
  for (const { dictionary, stream } of objects.values()) {
    if (stream === null || !/\bBT\b/.test(stream) || /\/Type \/(XObject|Font)/.test(dictionary)) continue;
    let codes: Map<string, string> | null = null;
    for (const block of stream.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      let line = '';
      for (const [, font, shown] of (block[1] ?? '').matchAll(/\/(F\d+) [\d.]+ Tf|(\[[\s\S]*?\]\s*TJ|<[0-9a-fA-F\s]*>\s*Tj|\((?:\\.|[^\\)])*\)\s*Tj)/g)) {
        if (font) codes = toUnicodeOf(font);
        if (!shown) continue;
        for (const [, hex, literal] of shown.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
          line += hex !== undefined ? decodeHex(hex.replace(/\s/g, ''), codes) : literal?.replace(/\\(.)/g, '$1') ?? '';
        }
      }
      lines.push(line);
    }
  }
  return lines.join('\n');
}

function decodeHex(hex: string, codes: Map<string, string> | null): string {
  if (!codes) return Buffer.from(hex, 'hex').toString('latin1');
  const width = [...codes.keys()][0]?.length ?? 4;
  let text = '';
  for (let at = 0; at < hex.length; at += width) text += codes.get(hex.slice(at, at + width).toLowerCase()) ?? '';
  return text;
}

/** A ToUnicode CMap's codes (hex, lower case) and the text each stands for. */
function readCMap(cmap: string): Map<string, string> {
  const codes = new Map<string, string>();
  const unicode = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const [, section = ''] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code = '', text = ''] of section.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) codes.set(code.toLowerCase(), unicode(text));
  }
  for (const [, section = ''] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, first = '', last = '', target = ''] of section.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]+>|\[[^\]]*\])/g)) {
      const start = Number.parseInt(first, 16);
      const targets = target.startsWith('[') ? [...target.matchAll(/<([0-9a-fA-F]+)>/g)].map((each) => unicode(each[1] ?? '')) : null;
      const base = targets ? 0 : Number.parseInt(target.slice(1, -1), 16);
      for (let code = start; code <= Number.parseInt(last, 16); code += 1) {
        const text = targets ? targets[code - start] ?? '' : String.fromCodePoint(base + code - start);
        codes.set(code.toString(16).padStart(first.length, '0'), text);
      }
    }
  }
  return codes;
}
