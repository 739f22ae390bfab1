/** KINGSTON.md §1: a proof of payment is at most 10 MB. */
export const proofMaxMegabytes = 10;

/** The kinds of file a proof may be, by what their first bytes say, and the name each is stored under. */
const kinds = [
  {
    contentType: 'image/png',
    extension: 'png',
    matches: (head: Buffer) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { contentType: 'image/jpeg', extension: 'jpg', matches: (head: Buffer) => head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  {
    contentType: 'image/webp',
    extension: 'webp',
    matches: (head: Buffer) => head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { contentType: 'application/pdf', extension: 'pdf', matches: (head: Buffer) => head.subarray(0, 5).toString('latin1') === '%PDF-' },
] as const;

export type ProofKind = (typeof kinds)[number];

/**
 * What a proof's bytes are (a screenshot or a PDF), never what its name or the client's type claim:
 * a page or script sent as `proof.png` is none of these and is refused. Null for anything else.
 */
export const proofKindOf = (file: Buffer): ProofKind | null => kinds.find((kind) => kind.matches(file)) ?? null;
