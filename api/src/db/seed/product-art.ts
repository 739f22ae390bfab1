import { escapeHtml } from '../../markup-text.ts';

/**
 * Flat SVG illustrations for the demo catalogue, so a fresh shop has real-looking pictures without
 * shipping binary assets. Every drawing lives on a 960×960 canvas with the item centred on (480, 480).
 */

export type ArtKind =
  | 'runner'
  | 'court'
  | 'high-top'
  | 'slip-on'
  | 'kids-sneaker'
  | 'cap'
  | 'trucker-cap'
  | 'bucket-hat'
  | 'tee'
  | 'crew-tee'
  | 'pocket-tee'
  | 'v-neck-tee'
  | 'longline-tee'
  | 'kids-tee'
  | 'kids-shorts'
  | 'tote'
  | 'backpack'
  | 'waist-bag'
  | 'duffel'
  | 'pendant-necklace'
  | 'chain'
  | 'bead-bracelet'
  | 'hoop-earrings'
  | 'keyring'
  | 'enamel-pin'
  | 'slide'
  | 'flip-flop'
  | 'sport-sandal'
  | 'kids-sandal'
  | 'oxford'
  | 'brogue'
  | 'loafer'
  | 'chelsea-boot'
  | 'rain-boot';

/** Prints on tees, totes and pins. */
export type Motif = 'sun' | 'palm' | 'skyline' | 'speaker' | 'bird' | 'ackee' | 'mountain' | 'star' | 'one-love' | 'wave';

export interface ArtSpec {
  kind: ArtKind;
  motif?: Motif;
}

/** How many distinct gallery views a drawing has; views past this repeat. */
const artViewCount = 4;

const size = 960;
const centre = size / 2;
const flag = { green: '#1f9a4a', gold: '#f2c230', black: '#1d1f24', red: '#d4412f' };

// ---------------------------------------------------------------------------------------------
// Colour helpers

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(from: string, to: string, amount: number): string {
  const a = rgb(from);
  const b = rgb(to);
  const channel = (i: 0 | 1 | 2) => Math.round(a[i] + (b[i] - a[i]) * amount);
  return `#${[channel(0), channel(1), channel(2)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

interface Palette {
  base: string;
  shade: string;
  deep: string;
  line: string;
  light: string;
  shine: string;
  /** Legible on top of `base`: prints, stitching, laces. */
  contrast: string;
  /** Soles and trims: white, or gum when the item itself is white. */
  trim: string;
  trimShade: string;
}

function palette(base: string): Palette {
  const lum = luminance(base);
  const trim = lum > 0.8 ? '#cf9a62' : '#f7f4ec';
  return {
    base,
    shade: mix(base, '#0d0f14', lum < 0.2 ? 0.35 : 0.18),
    deep: mix(base, '#0d0f14', 0.4),
    line: mix(base, '#101218', lum < 0.2 ? 0.55 : 0.62),
    light: mix(base, '#ffffff', lum < 0.2 ? 0.18 : 0.25),
    shine: mix(base, '#ffffff', lum < 0.2 ? 0.3 : 0.5),
    contrast: lum < 0.55 ? '#f6f3ec' : '#25272d',
    trim,
    trimShade: mix(trim, '#0d0f14', 0.14),
  };
}

function stroke(colour: string, width = 6): string {
  return ` stroke="${colour}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"`;
}

// ---------------------------------------------------------------------------------------------
// Drawings. Each returns the item's SVG plus where a close-up should look and where it stands.

interface Drawing {
  svg: string;
  focus: readonly [number, number];
  /** y of the ground shadow's centre and its half-width. */
  ground: number;
  groundWidth: number;
}

type Draw = (p: Palette, motif: Motif) => Drawing;

function sneakerSole(p: Palette, stitched: boolean): string {
  const midsole = 'M186 548 C182 590 190 622 236 626 L748 626 C792 626 806 600 800 572 C796 556 784 552 770 554 L220 552 Z';
  const outsole = 'M196 616 L790 604 C792 628 774 648 744 648 L236 648 C208 648 194 636 196 616 Z';
  return (
    `<path d="${outsole}" fill="${p.trimShade}"${stroke(p.line)}/>` +
    `<path d="${midsole}" fill="${p.trim}"${stroke(p.line)}/>` +
    (stitched ? `<path d="M214 574 L780 580" fill="none"${stroke(p.trimShade, 4)} stroke-dasharray="10 10"/>` : '')
  );
}

function laces(p: Palette, from: readonly [number, number], to: readonly [number, number], count: number): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const t = count === 1 ? 0 : i / (count - 1);
    const x = from[0] + (to[0] - from[0]) * t;
    const y = from[1] + (to[1] - from[1]) * t;
    out +=
      `<circle cx="${x - 18}" cy="${y + 22}" r="7" fill="${p.deep}"/>` +
      `<path d="M${x - 30} ${y + 14} L${x + 24} ${y - 12}" fill="none"${stroke(p.contrast, 10)}/>`;
  }
  return out;
}

const runner: Draw = (p) => {
  const upper =
    'M206 556 C194 486 196 424 232 384 C272 398 330 410 372 394 L402 348 C422 340 444 346 450 362 C530 420 650 468 742 504 C792 522 806 556 780 566 L206 556 Z';
  const stripe = 'M290 528 C360 470 470 430 600 420 L612 448 C500 462 400 500 322 548 Z';
  const heelTab = 'M200 408 C186 440 188 500 200 540 L232 540 C222 500 224 446 236 402 Z';
  const toe = 'M640 520 C700 506 760 512 786 540 C796 556 784 566 770 566 L632 562 Z';
  return {
    svg:
      sneakerSole(p, false) +
      `<path d="${upper}" fill="${p.base}"${stroke(p.line)}/>` +
      `<path d="${toe}" fill="${p.light}"/>` +
      `<path d="M232 384 C272 398 330 410 372 394 L378 410 C330 430 266 420 230 404 Z" fill="${p.deep}"/>` +
      `<path d="${heelTab}" fill="${p.shade}"${stroke(p.line, 4)}/>` +
      `<path d="${stripe}" fill="${p.contrast}" opacity="0.92"/>` +
      laces(p, [470, 384], [640, 470], 5) +
      `<path d="M250 470 C300 450 340 446 380 450" fill="none"${stroke(p.shine, 8)} opacity="0.5"/>`,
    focus: [560, 440],
    ground: 650,
    groundWidth: 330,
  };
};

const court: Draw = (p) => {
  const upper =
    'M210 560 C202 490 208 440 240 404 C290 414 350 420 392 410 L420 372 C440 366 458 370 464 384 C540 430 650 470 736 500 C786 520 800 556 776 566 L210 560 Z';
  const toeBox = 'M600 480 C680 494 760 506 786 540 C794 556 782 566 770 566 L596 562 C586 530 588 500 600 480 Z';
  let perforations = '';
  for (const [x, y] of [
    [650, 512],
    [690, 520],
    [730, 528],
    [670, 538],
    [710, 544],
    [750, 548],
  ] as const) {
    perforations += `<circle cx="${x}" cy="${y}" r="5" fill="${p.shade}"/>`;
  }
  return {
    svg:
      sneakerSole(p, true) +
      `<path d="${upper}" fill="${p.base}"${stroke(p.line)}/>` +
      `<path d="${toeBox}" fill="${p.light}"${stroke(p.line, 4)}/>` +
      perforations +
      `<path d="M206 430 C196 470 198 520 206 556 L264 556 C258 516 260 466 270 424 Z" fill="${p.contrast}"${stroke(p.line, 4)}/>` +
      `<path d="M300 520 C380 500 460 470 520 440" fill="none"${stroke(p.shade, 5)} stroke-dasharray="12 10"/>` +
      laces(p, [484, 404], [600, 462], 4),
    focus: [600, 480],
    ground: 650,
    groundWidth: 330,
  };
};

const highTop: Draw = (p) => {
  const upper =
    'M214 560 C200 470 196 340 214 230 C270 222 330 222 372 232 L392 360 C470 430 620 478 730 500 C786 514 804 556 778 566 L214 560 Z';
  const toe = 'M610 484 C690 494 768 506 788 540 C796 556 782 566 770 566 L604 562 C594 530 596 504 610 484 Z';
  return {
    svg:
      sneakerSole(p, true) +
      `<path d="${upper}" fill="${p.base}"${stroke(p.line)}/>` +
      `<path d="M214 230 C270 222 330 222 372 232 L374 250 C330 242 270 242 214 250 Z" fill="${p.deep}"/>` +
      `<path d="${toe}" fill="${p.trim}"${stroke(p.line, 4)}/>` +
      `<circle cx="270" cy="330" r="36" fill="${p.contrast}"${stroke(p.line, 4)}/>` +
      `<path d="M270 306 L277 322 L294 323 L281 334 L285 351 L270 342 L255 351 L259 334 L246 323 L263 322 Z" fill="${p.base}"/>` +
      laces(p, [396, 262], [560, 462], 6) +
      `<path d="M220 520 L600 540" fill="none"${stroke(p.shade, 5)} stroke-dasharray="12 10"/>`,
    focus: [330, 340],
    ground: 650,
    groundWidth: 330,
  };
};

const slipOn: Draw = (p) => {
  const upper = 'M210 560 C202 500 208 452 236 420 C300 428 390 430 450 416 C560 436 660 468 740 500 C790 520 802 556 776 566 L210 560 Z';
  return {
    svg:
      sneakerSole(p, true) +
      `<path d="${upper}" fill="${p.base}"${stroke(p.line)}/>` +
      `<path d="M236 420 C300 428 390 430 450 416 L456 436 C390 452 300 448 232 440 Z" fill="${p.deep}"/>` +
      `<path d="M430 424 L470 506 L510 430" fill="${p.shade}"${stroke(p.line, 4)}/>` +
      `<path d="M446 440 L470 488 L494 440" fill="none"${stroke(p.deep, 3)}/>` +
      `<path d="M560 448 C650 470 740 500 780 540" fill="none"${stroke(p.contrast, 6)} stroke-dasharray="14 10" opacity="0.8"/>` +
      `<path d="M250 470 L420 470 M250 505 L430 505" fill="none"${stroke(p.shine, 6)} opacity="0.45"/>`,
    focus: [470, 460],
    ground: 650,
    groundWidth: 330,
  };
};

const kidsSneaker: Draw = (p) => {
  const upper = 'M240 560 C226 480 236 400 280 356 C330 366 380 372 420 360 C500 380 610 420 690 458 C752 490 766 550 740 566 L240 560 Z';
  const sole = 'M224 548 C218 600 230 636 276 640 L714 640 C760 640 776 604 766 566 C760 552 748 550 734 552 L250 550 Z';
  return {
    svg:
      `<path d="${sole}" fill="${p.trim}"${stroke(p.line)}/>` +
      `<path d="M236 612 L768 600" fill="none"${stroke(p.trimShade, 10)}/>` +
      `<path d="${upper}" fill="${p.base}"${stroke(p.line)}/>` +
      `<path d="M560 420 C640 440 720 470 748 520 C756 548 744 562 730 562 L560 558 Z" fill="${p.light}"/>` +
      `<path d="M400 378 L470 396 L440 540 L366 530 Z" fill="${p.contrast}"${stroke(p.line, 5)}/>` +
      `<path d="M500 402 L570 424 L540 550 L466 544 Z" fill="${p.contrast}"${stroke(p.line, 5)}/>` +
      `<circle cx="300" cy="470" r="30" fill="${flag.gold}"${stroke(p.line, 4)}/>` +
      `<circle cx="300" cy="470" r="12" fill="${p.contrast}"/>`,
    focus: [470, 460],
    ground: 642,
    groundWidth: 290,
  };
};

const capShape = (p: Palette, trucker: boolean): Drawing => {
  const crown = 'M226 566 C216 420 318 300 466 294 C610 290 700 384 706 520 L706 566 Z';
  const front = 'M466 294 C560 296 640 340 680 420 C700 460 706 500 706 566 L500 566 C520 460 510 360 466 294 Z';
  const brim = 'M560 570 C690 546 820 560 878 600 C890 614 874 624 848 622 C770 612 670 606 560 600 Z';
  let mesh = '';
  if (trucker) {
    for (let x = 250; x < 500; x += 24) {
      for (let y = 330; y < 560; y += 24) {
        if ((x - 430) ** 2 / 240 ** 2 + (y - 560) ** 2 / 250 ** 2 < 1) {
          mesh += `<circle cx="${x}" cy="${y}" r="6" fill="${p.deep}" opacity="0.55"/>`;
        }
      }
    }
  }
  return {
    svg:
      `<path d="${brim}" fill="${trucker ? p.base : p.shade}"${stroke(p.line)}/>` +
      `<path d="M700 586 C770 580 830 592 860 610" fill="none"${stroke(p.contrast, 4)} stroke-dasharray="10 8" opacity="0.7"/>` +
      `<path d="${crown}" fill="${p.base}"${stroke(p.line)}/>` +
      mesh +
      (trucker ? `<path d="${front}" fill="${p.trim}"${stroke(p.line, 5)}/>` : '') +
      `<path d="M466 294 C420 360 390 460 384 566" fill="none"${stroke(p.shade, 5)}/>` +
      (trucker ? '' : `<path d="M466 294 C520 370 530 470 520 566" fill="none"${stroke(p.shade, 5)}/>`) +
      `<path d="M300 330 C280 380 262 450 256 520" fill="none"${stroke(p.shine, 10)} opacity="0.4"/>` +
      `<ellipse cx="466" cy="296" rx="22" ry="10" fill="${p.shade}"${stroke(p.line, 4)}/>` +
      `<circle cx="420" cy="360" r="7" fill="${p.deep}"/>` +
      `<circle cx="600" cy="400" r="26" fill="${trucker ? p.base : p.contrast}"${stroke(p.line, 4)}/>` +
      `<path d="M600 384 L605 396 L618 396 L608 404 L612 416 L600 409 L588 416 L592 404 L582 396 L595 396 Z" fill="${trucker ? p.contrast : p.base}"/>` +
      `<path d="M226 566 L706 566" fill="none"${stroke(p.deep, 10)}/>` +
      `<path d="M236 520 L270 520 M236 540 L270 540" fill="none"${stroke(p.deep, 6)}/>`,
    focus: [620, 440],
    ground: 640,
    groundWidth: 320,
  };
};

const cap: Draw = (p) => capShape(p, false);
const truckerCap: Draw = (p) => capShape(p, true);

const bucketHat: Draw = (p) => {
  const crown = 'M330 486 C332 390 350 326 396 306 C450 286 510 286 564 306 C610 326 628 390 630 486 Z';
  const brim = 'M330 470 Q480 454 630 470 C706 488 772 540 800 610 Q480 690 160 610 C188 540 254 488 330 470 Z';
  return {
    svg:
      `<path d="${brim}" fill="${p.shade}"${stroke(p.line)}/>` +
      `<path d="M214 600 Q480 664 746 600" fill="none"${stroke(p.contrast, 4)} stroke-dasharray="12 9" opacity="0.7"/>` +
      `<path d="M250 570 Q480 622 710 570" fill="none"${stroke(p.contrast, 4)} stroke-dasharray="12 9" opacity="0.7"/>` +
      `<path d="M290 536 Q480 576 670 536" fill="none"${stroke(p.contrast, 4)} stroke-dasharray="12 9" opacity="0.7"/>` +
      `<path d="${crown}" fill="${p.base}"${stroke(p.line)}/>` +
      `<path d="M334 440 Q480 430 626 440 L630 486 Q480 476 330 486 Z" fill="${p.deep}"/>` +
      `<path d="M400 320 C380 360 372 400 370 430" fill="none"${stroke(p.shine, 12)} opacity="0.45"/>` +
      `<circle cx="392" cy="372" r="9" fill="${p.deep}"${stroke(p.line, 3)}/>` +
      `<circle cx="568" cy="372" r="9" fill="${p.deep}"${stroke(p.line, 3)}/>` +
      `<path d="M420 300 C440 340 446 400 446 440 M540 300 C520 340 514 400 514 440" fill="none"${stroke(p.shade, 4)}/>`,
    focus: [480, 420],
    ground: 652,
    groundWidth: 330,
  };
};

// Motifs are drawn around (0, 0) within a radius of about 100.
function motifSvg(motif: Motif, ink: string): string {
  switch (motif) {
    case 'sun':
      return (
        `<circle r="100" fill="${flag.gold}"/>` +
        `<path d="M-100 10 L100 10 L98 24 L-98 24 Z M-96 40 L96 40 L90 54 L-90 54 Z M-84 70 L84 70 L72 84 L-72 84 Z" fill="${flag.red}"/>` +
        `<path d="M-100 0 Q-50 -24 0 0 T100 0" fill="none"${stroke(flag.green, 10)}/>`
      );
    case 'palm':
      return (
        `<circle r="100" fill="${flag.gold}"/>` +
        `<path d="M-6 96 C-2 40 6 -10 24 -46" fill="none"${stroke(ink, 14)}/>` +
        `<path d="M24 -46 C-10 -80 -60 -70 -80 -40 C-40 -60 -10 -52 24 -46 Z M24 -46 C50 -90 96 -80 104 -50 C80 -66 50 -62 24 -46 Z M24 -46 C0 -30 -20 0 -30 30 C-10 0 10 -24 24 -46 Z M24 -46 C60 -36 80 -10 86 20 C66 -6 46 -26 24 -46 Z" fill="${flag.green}"${stroke(ink, 4)}/>` +
        `<path d="M-100 70 L100 70" fill="none"${stroke(ink, 8)}/>`
      );
    case 'skyline':
      return (
        `<circle r="100" fill="none"${stroke(ink, 8)}/>` +
        `<path d="M-86 50 L-86 -10 L-56 -10 L-56 -50 L-26 -50 L-26 20 L-6 20 L-6 -80 L28 -80 L28 -20 L50 -20 L50 10 L86 10 L86 50 Z" fill="${ink}"/>` +
        `<path d="M-100 64 Q-50 50 0 64 T100 64" fill="none"${stroke(flag.gold, 8)}/>` +
        `<circle cx="58" cy="-56" r="16" fill="${flag.gold}"/>`
      );
    case 'speaker':
      return (
        `<rect x="-80" y="-100" width="160" height="200" rx="14" fill="${ink}"/>` +
        `<circle cx="0" cy="-46" r="32" fill="${flag.gold}"/><circle cx="0" cy="-46" r="12" fill="${ink}"/>` +
        `<circle cx="0" cy="40" r="46" fill="${flag.green}"/><circle cx="0" cy="40" r="18" fill="${ink}"/>` +
        `<circle cx="0" cy="40" r="6" fill="${flag.gold}"/>`
      );
    case 'bird':
      return (
        `<circle r="100" fill="${flag.green}"/>` +
        `<path d="M-34 30 C-54 62 -70 84 -96 96 M-26 36 C-34 66 -40 86 -60 104" fill="none"${stroke(ink, 8)}/>` +
        `<ellipse cx="-4" cy="12" rx="44" ry="22" transform="rotate(-34 -4 12)" fill="${ink}"/>` +
        `<circle cx="32" cy="-16" r="19" fill="${ink}"/>` +
        `<path d="M46 -24 L98 -46" fill="none"${stroke(ink, 6)}/>` +
        `<path d="M-12 2 C-26 -50 0 -84 34 -92 C18 -60 14 -30 -12 2 Z" fill="${flag.gold}"${stroke(ink, 4)}/>` +
        `<circle cx="36" cy="-20" r="4" fill="${flag.gold}"/>`
      );
    case 'ackee':
      return (
        `<path d="M0 -96 C60 -90 96 -30 86 30 C76 90 30 104 0 80 C-30 104 -76 90 -86 30 C-96 -30 -60 -90 0 -96 Z" fill="${flag.red}"${stroke(ink, 6)}/>` +
        `<ellipse cx="0" cy="10" rx="56" ry="62" fill="#f7e7b4"${stroke(ink, 5)}/>` +
        `<circle cx="-22" cy="-10" r="17" fill="${flag.black}"/><circle cx="22" cy="-4" r="17" fill="${flag.black}"/><circle cx="0" cy="34" r="17" fill="${flag.black}"/>` +
        `<path d="M0 -96 L0 -120" fill="none"${stroke(flag.green, 10)}/>`
      );
    case 'mountain':
      return (
        `<circle r="100" fill="#9cc7e4"/>` +
        `<path d="M-100 60 L-40 -40 L0 20 L40 -60 L100 50 L100 60 Z" fill="#2f5d8a"/>` +
        `<path d="M40 -60 L56 -32 L40 -38 L26 -34 Z M-40 -40 L-28 -20 L-40 -24 L-52 -20 Z" fill="#ffffff"/>` +
        `<path d="M-100 60 L100 60" fill="none"${stroke(flag.green, 24)}/>`
      );
    case 'star':
      return (
        `<path d="M0 -100 L28 -34 L98 -30 L44 16 L62 88 L0 48 L-62 88 L-44 16 L-98 -30 L-28 -34 Z" fill="${flag.gold}"${stroke(ink, 6)}/>` +
        `<circle cx="-16" cy="-4" r="7" fill="${ink}"/><circle cx="16" cy="-4" r="7" fill="${ink}"/>` +
        `<path d="M-16 20 Q0 34 16 20" fill="none"${stroke(ink, 6)}/>`
      );
    case 'one-love':
      return (
        `<path d="M0 -20 C-20 -70 -90 -60 -80 -10 C-74 20 -30 40 0 70 C30 40 74 20 80 -10 C90 -60 20 -70 0 -20 Z" fill="${flag.red}"/>` +
        `<text x="0" y="-76" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="44" fill="${ink}">ONE</text>` +
        `<text x="0" y="118" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="44" fill="${ink}">LOVE</text>`
      );
    case 'wave':
      return (
        '<clipPath id="wave-clip"><circle r="100"/></clipPath>' +
        `<circle r="100" fill="#7fc8d8"/>` +
        `<path d="M-100 10 C-60 -60 20 -70 40 -10 C20 -30 -10 -20 0 20 C20 60 80 40 100 20 L100 100 L-100 100 Z" fill="#1f6f9a" clip-path="url(#wave-clip)"/>` +
        `<circle cx="50" cy="-50" r="20" fill="${flag.gold}"/>`
      );
  }
}

function teeShape(p: Palette, motif: Motif | null, neck: 'crew' | 'v', options: { pocket?: boolean; long?: boolean }): string {
  const hem = options.long ? 'L680 800 Q480 836 280 800' : 'L676 736 Q480 752 284 736';
  const neckline = neck === 'v' ? 'L480 350 L555 250' : 'Q480 306 555 250';
  const body = `M405 250 ${neckline} L660 272 Q735 320 800 392 L738 462 L668 414 ${hem} L292 414 L222 462 L160 392 Q225 320 300 272 Z`;
  const collar =
    neck === 'v'
      ? `<path d="M405 250 L480 350 L555 250 L536 246 L480 322 L424 246 Z" fill="${p.shade}"${stroke(p.line, 4)}/>`
      : `<path d="M405 250 Q480 306 555 250 Q480 270 405 250 Z" fill="${p.deep}"/>` +
        `<path d="M405 250 Q480 306 555 250" fill="none"${stroke(p.shade, 16)}/>` +
        `<path d="M405 250 Q480 306 555 250" fill="none"${stroke(p.line, 4)}/>`;
  return (
    `<path d="${body}" fill="${p.base}"${stroke(p.line)}/>` +
    `<path d="M292 414 L295 ${options.long ? 796 : 732} L324 ${options.long ? 802 : 736} L320 430 Z" fill="${p.shade}" opacity="0.55"/>` +
    `<path d="M668 414 L673 ${options.long ? 796 : 732} L644 ${options.long ? 802 : 736} L648 430 Z" fill="${p.shade}" opacity="0.55"/>` +
    `<path d="M782 390 L730 449 M178 390 L230 449" fill="none"${stroke(p.shade, 8)}/>` +
    `<path d="M300 ${options.long ? 782 : 718} Q480 ${options.long ? 818 : 734} 660 ${options.long ? 782 : 718}" fill="none"${stroke(p.shade, 6)} stroke-dasharray="12 8"/>` +
    collar +
    (options.pocket
      ? `<path d="M540 350 L626 350 L626 436 Q583 452 540 436 Z" fill="${p.light}"${stroke(p.line, 4)}/>` +
        `<path d="M540 364 L626 364" fill="none"${stroke(p.shade, 4)}/>`
      : '') +
    (motif ? `<g transform="translate(480 500) scale(1.15)">${motifSvg(motif, p.contrast)}</g>` : '')
  );
}

const tee: Draw = (p, motif) => ({
  svg: teeShape(p, motif, 'crew', {}),
  focus: [480, 470],
  ground: 780,
  groundWidth: 300,
});

const plainTee: (neck: 'crew' | 'v', options: { pocket?: boolean; long?: boolean }) => Draw = (neck, options) => (p) => ({
  svg: teeShape(p, null, neck, options),
  focus: options.pocket ? [583, 400] : [480, 300],
  ground: options.long ? 840 : 780,
  groundWidth: 300,
});

const kidsTee: Draw = (p, motif) => ({
  svg: `<g transform="translate(480 500) scale(0.84) translate(-480 -500)">${teeShape(p, motif, 'crew', {})}</g>`,
  focus: [480, 500],
  ground: 740,
  groundWidth: 260,
});

const kidsShorts: Draw = (p, motif) => {
  const body = 'M290 330 L670 330 L700 660 L520 680 L480 470 L440 680 L260 660 Z';
  return {
    svg:
      `<path d="${body}" fill="${p.base}"${stroke(p.line)}/>` +
      `<rect x="290" y="310" width="380" height="56" rx="10" fill="${p.shade}"${stroke(p.line, 5)}/>` +
      `<path d="M470 366 C460 400 440 420 420 430 M490 366 C500 400 520 420 540 430" fill="none"${stroke(p.contrast, 6)}/>` +
      `<path d="M270 630 L440 648 M520 648 L690 630" fill="none"${stroke(p.shade, 6)} stroke-dasharray="12 8"/>` +
      `<path d="M300 380 C330 420 360 430 390 432" fill="none"${stroke(p.deep, 5)}/>` +
      `<path d="M660 380 C630 420 600 430 570 432" fill="none"${stroke(p.deep, 5)}/>` +
      `<g transform="translate(610 560) scale(0.32)">${motifSvg(motif, p.contrast)}</g>`,
    focus: [480, 380],
    ground: 700,
    groundWidth: 260,
  };
};

const tote: Draw = (p, motif) => ({
  svg:
    `<path d="M372 412 C372 250 588 250 588 412" fill="none"${stroke(p.deep, 26)}/>` +
    `<path d="M300 410 L660 410 L690 770 L270 770 Z" fill="${p.base}"${stroke(p.line)}/>` +
    `<path d="M352 412 C352 220 608 220 608 412" fill="none"${stroke(p.line, 34)}/>` +
    `<path d="M352 412 C352 220 608 220 608 412" fill="none"${stroke(p.shade, 22)}/>` +
    `<path d="M300 440 L660 440" fill="none"${stroke(p.shade, 5)} stroke-dasharray="12 8"/>` +
    `<rect x="336" y="396" width="32" height="50" rx="6" fill="${p.shade}"${stroke(p.line, 4)}/>` +
    `<rect x="592" y="396" width="32" height="50" rx="6" fill="${p.shade}"${stroke(p.line, 4)}/>` +
    `<g transform="translate(480 610) scale(0.95)">${motifSvg(motif, p.contrast)}</g>`,
  focus: [480, 430],
  ground: 782,
  groundWidth: 280,
});

const backpack: Draw = (p) => ({
  svg:
    `<path d="M300 360 C280 480 280 640 300 760 L340 760 L340 360 Z M660 360 C680 480 680 640 660 760 L620 760 L620 360 Z" fill="${p.deep}"${stroke(p.line, 5)}/>` +
    `<path d="M420 250 C420 190 540 190 540 250" fill="none"${stroke(p.line, 22)}/>` +
    `<path d="M420 250 C420 190 540 190 540 250" fill="none"${stroke(p.shade, 12)}/>` +
    `<path d="M320 380 C320 290 390 240 480 240 C570 240 640 290 640 380 L640 740 C640 768 620 780 596 780 L364 780 C340 780 320 768 320 740 Z" fill="${p.base}"${stroke(p.line)}/>` +
    `<path d="M340 360 C360 300 410 268 480 266 C550 268 600 300 620 360" fill="none"${stroke(p.contrast, 5)} stroke-dasharray="10 8" opacity="0.8"/>` +
    `<rect x="360" y="520" width="240" height="200" rx="40" fill="${p.light}"${stroke(p.line, 5)}/>` +
    `<path d="M380 560 L580 560" fill="none"${stroke(p.contrast, 5)} stroke-dasharray="10 8" opacity="0.8"/>` +
    `<rect x="560" y="548" width="18" height="36" rx="6" fill="${flag.gold}"${stroke(p.line, 3)}/>` +
    `<rect x="440" y="620" width="80" height="40" rx="8" fill="${p.contrast}" opacity="0.9"/>` +
    `<path d="M360 400 C370 340 400 310 440 300" fill="none"${stroke(p.shine, 12)} opacity="0.4"/>`,
  focus: [480, 600],
  ground: 790,
  groundWidth: 240,
});

const waistBag: Draw = (p) => ({
  svg:
    `<path d="M120 500 L260 490 M700 490 L840 500" fill="none"${stroke(p.line, 40)}/>` +
    `<path d="M120 500 L260 490 M700 490 L840 500" fill="none"${stroke(p.deep, 28)}/>` +
    `<rect x="770" y="476" width="52" height="48" rx="8" fill="#2a2c31"${stroke('#111', 4)}/>` +
    `<rect x="250" y="400" width="460" height="200" rx="100" fill="${p.base}"${stroke(p.line)}/>` +
    `<path d="M280 460 C380 436 580 436 680 460" fill="none"${stroke(p.deep, 8)}/>` +
    `<path d="M280 460 C380 436 580 436 680 460" fill="none"${stroke(p.contrast, 3)} stroke-dasharray="4 5"/>` +
    `<rect x="630" y="438" width="16" height="44" rx="5" fill="${flag.gold}"${stroke(p.line, 3)}/>` +
    `<rect x="420" y="500" width="120" height="48" rx="10" fill="${p.contrast}"/>` +
    `<path d="M440 524 L520 524" fill="none"${stroke(p.base, 8)}/>` +
    `<path d="M300 560 C360 580 600 580 660 560" fill="none"${stroke(p.shade, 6)} stroke-dasharray="12 8"/>`,
  focus: [540, 470],
  ground: 620,
  groundWidth: 300,
});

const duffel: Draw = (p) => ({
  svg:
    `<path d="M380 420 C380 300 580 300 580 420" fill="none"${stroke(p.line, 30)}/>` +
    `<path d="M380 420 C380 300 580 300 580 420" fill="none"${stroke(p.deep, 18)}/>` +
    `<rect x="180" y="400" width="600" height="270" rx="130" fill="${p.base}"${stroke(p.line)}/>` +
    `<ellipse cx="250" cy="535" rx="54" ry="120" fill="${p.shade}"${stroke(p.line, 5)}/>` +
    `<ellipse cx="710" cy="535" rx="54" ry="120" fill="${p.shade}"${stroke(p.line, 5)}/>` +
    `<path d="M300 420 L660 420" fill="none"${stroke(p.deep, 10)}/>` +
    `<path d="M300 420 L660 420" fill="none"${stroke(p.contrast, 3)} stroke-dasharray="4 5"/>` +
    `<rect x="600" y="406" width="20" height="40" rx="6" fill="${flag.gold}"${stroke(p.line, 3)}/>` +
    `<rect x="330" y="520" width="300" height="110" rx="20" fill="${p.light}"${stroke(p.line, 4)}/>` +
    `<path d="M350 546 L610 546" fill="none"${stroke(p.contrast, 4)} stroke-dasharray="10 8"/>` +
    `<path d="M250 440 C300 430 340 430 380 440" fill="none"${stroke(p.shine, 10)} opacity="0.4"/>`,
  focus: [620, 460],
  ground: 690,
  groundWidth: 320,
});

function metalDefs(p: Palette, id: string): string {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${p.shine}"/><stop offset="0.5" stop-color="${p.base}"/><stop offset="1" stop-color="${p.shade}"/>` +
    '</linearGradient>'
  );
}

const pendantNecklace: Draw = (p) => ({
  svg:
    `<defs>${metalDefs(p, 'metal')}</defs>` +
    `<path d="M300 170 C300 440 390 560 480 566 C570 560 660 440 660 170" fill="none"${stroke(p.deep, 12)}/>` +
    `<path d="M300 170 C300 440 390 560 480 566 C570 560 660 440 660 170" fill="none"${stroke(p.shine, 6)} stroke-dasharray="10 8"/>` +
    `<circle cx="480" cy="590" r="20" fill="none"${stroke(p.deep, 10)}/>` +
    `<circle cx="480" cy="700" r="96" fill="url(#metal)"${stroke(p.line, 6)}/>` +
    `<circle cx="480" cy="700" r="74" fill="none"${stroke(p.shade, 6)}/>` +
    `<g transform="translate(480 700) scale(0.55)"><path d="M0 -100 L28 -34 L98 -30 L44 16 L62 88 L0 48 L-62 88 L-44 16 L-98 -30 L-28 -34 Z" fill="${p.shade}"/></g>` +
    `<path d="M420 650 C430 630 450 618 470 614" fill="none"${stroke('#ffffff', 8)} opacity="0.6"/>`,
  focus: [480, 660],
  ground: 810,
  groundWidth: 140,
});

function ellipseLinks(p: Palette, cx: number, cy: number, rx: number, ry: number, count: number, linkRx: number, linkRy: number): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const theta = (2 * Math.PI * i) / count;
    const x = cx + rx * Math.cos(theta);
    const y = cy + ry * Math.sin(theta);
    const angle = (Math.atan2(ry * Math.cos(theta), -rx * Math.sin(theta)) * 180) / Math.PI;
    const twist = i % 2 === 0 ? 0 : 18;
    out +=
      `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${linkRx}" ry="${linkRy}" transform="rotate(${(angle + twist).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="none"${stroke(p.line, 14)}/>` +
      `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${linkRx}" ry="${linkRy}" transform="rotate(${(angle + twist).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="none" stroke="url(#metal)" stroke-width="9"/>`;
  }
  return out;
}

const chain: Draw = (p) => ({
  svg:
    `<defs>${metalDefs(p, 'metal')}</defs>` +
    ellipseLinks(p, 480, 470, 230, 290, 44, 24, 13) +
    `<rect x="450" y="742" width="60" height="34" rx="10" fill="url(#metal)"${stroke(p.line, 5)}/>`,
  focus: [680, 470],
  ground: 800,
  groundWidth: 200,
});

const beadBracelet: Draw = (p) => {
  const accent = luminance(p.base) > 0.5 && luminance(p.base) < 0.75 ? flag.black : flag.gold;
  const beads: { x: number; y: number; r: number; fill: string }[] = [];
  const count = 22;
  for (let i = 0; i < count; i += 1) {
    const theta = (2 * Math.PI * i) / count;
    const depth = Math.sin(theta);
    beads.push({
      x: 480 + 250 * Math.cos(theta),
      y: 480 + 150 * depth,
      r: 34 + 8 * depth,
      fill: i % 4 === 0 ? 'url(#accentBead)' : 'url(#bead)',
    });
  }
  beads.sort((a, b) => a.y - b.y);
  return {
    svg:
      '<defs>' +
      `<radialGradient id="bead" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${p.shine}"/><stop offset="0.55" stop-color="${p.base}"/><stop offset="1" stop-color="${p.deep}"/></radialGradient>` +
      `<radialGradient id="accentBead" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${mix(accent, '#ffffff', 0.5)}"/><stop offset="0.55" stop-color="${accent}"/><stop offset="1" stop-color="${mix(accent, '#000000', 0.4)}"/></radialGradient>` +
      '</defs>' +
      `<ellipse cx="480" cy="480" rx="250" ry="150" fill="none"${stroke('#6b5b45', 4)}/>` +
      beads
        .map((b) => `<circle cx="${b.x.toFixed(1)}" cy="${b.y.toFixed(1)}" r="${b.r.toFixed(1)}" fill="${b.fill}"${stroke(p.line, 3)}/>`)
        .join(''),
    focus: [480, 620],
    ground: 680,
    groundWidth: 300,
  };
};

const hoopEarrings: Draw = (p) => {
  const hoop = (cx: number) =>
    `<circle cx="${cx}" cy="300" r="16" fill="url(#metal)"${stroke(p.line, 4)}/>` +
    `<circle cx="${cx}" cy="470" r="150" fill="none"${stroke(p.line, 34)}/>` +
    `<circle cx="${cx}" cy="470" r="150" fill="none" stroke="url(#metal)" stroke-width="24"/>` +
    `<path d="M${cx - 110} 390 A150 150 0 0 1 ${cx - 40} 332" fill="none"${stroke('#ffffff', 6)} opacity="0.6"/>`;
  return {
    svg: `<defs>${metalDefs(p, 'metal')}</defs>` + hoop(320) + hoop(640),
    focus: [640, 340],
    ground: 680,
    groundWidth: 320,
  };
};

const keyring: Draw = (p) => ({
  svg:
    '<defs><linearGradient id="steel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f1f3f5"/><stop offset="1" stop-color="#8d949c"/></linearGradient></defs>' +
    `<circle cx="480" cy="230" r="80" fill="none"${stroke('#5c6168', 24)}/>` +
    '<circle cx="480" cy="230" r="80" fill="none" stroke="url(#steel)" stroke-width="16"/>' +
    `<ellipse cx="480" cy="334" rx="14" ry="24" fill="none"${stroke('#5c6168', 10)}/>` +
    `<ellipse cx="480" cy="370" rx="24" ry="14" fill="none"${stroke('#5c6168', 10)}/>` +
    `<circle cx="480" cy="420" r="14" fill="none"${stroke('#5c6168', 8)}/>` +
    `<ellipse cx="474" cy="452" rx="10" ry="20" fill="none"${stroke('#5c6168', 8)}/>` +
    `<g transform="translate(500 520) scale(0.55) translate(-480 -450)">${kidsSneaker(p, 'star').svg}</g>`,
  focus: [480, 560],
  ground: 700,
  groundWidth: 200,
});

const enamelPin: Draw = (p, motif) => ({
  svg:
    `<circle cx="480" cy="480" r="230" fill="${p.shade}"/>` +
    `<circle cx="480" cy="470" r="230" fill="${p.base}"${stroke(p.line, 8)}/>` +
    `<circle cx="480" cy="470" r="200" fill="${p.contrast}"/>` +
    `<g transform="translate(480 470) scale(1.7)">${motifSvg(motif, p.base)}</g>` +
    `<path d="M330 360 C360 310 410 280 460 272" fill="none"${stroke('#ffffff', 12)} opacity="0.5"/>`,
  focus: [480, 470],
  ground: 720,
  groundWidth: 220,
});

// Sandals are drawn from above as a pair; the sole points up with its heel at the bottom.
const soleOutline =
  'M0 -240 C70 -240 104 -186 102 -116 C100 -40 80 20 76 96 C72 186 58 240 0 240 C-60 240 -76 180 -76 100 C-76 20 -96 -56 -92 -128 C-88 -200 -56 -240 0 -240 Z';

function sandalPair(p: Palette, straps: (p: Palette) => string, footbed: string, scale = 1): string {
  const foot = (x: number, mirror: boolean) =>
    `<g transform="translate(${x} 480) rotate(${mirror ? -7 : 7}) scale(${mirror ? -scale : scale} ${scale})">` +
    `<path d="${soleOutline}" transform="translate(0 14)" fill="${p.deep}"${stroke(p.line, 6)}/>` +
    `<path d="${soleOutline}" fill="${footbed}"${stroke(p.line, 6)}/>` +
    `<path d="M-40 120 C-44 60 -50 0 -40 -60" fill="none"${stroke(mix(footbed, '#000000', 0.08), 18)} opacity="0.6"/>` +
    straps(p) +
    '</g>';
  return foot(360, true) + foot(600, false);
}

const slide: Draw = (p) => ({
  svg: sandalPair(
    p,
    (q) =>
      `<path d="M-108 -150 Q0 -186 112 -150 L112 -30 Q0 -64 -104 -30 Z" fill="${q.base}"${stroke(q.line, 6)}/>` +
      `<path d="M-60 -118 L60 -118" fill="none"${stroke(q.contrast, 10)}/>` +
      `<path d="M-90 -60 Q0 -88 96 -60" fill="none"${stroke(q.shade, 5)} stroke-dasharray="10 8"/>`,
    p.trim === '#f7f4ec' ? '#2b2d33' : '#e9e3d6',
  ),
  focus: [600, 380],
  ground: 760,
  groundWidth: 300,
});

const flipFlop: Draw = (p) => ({
  svg: sandalPair(
    p,
    (q) =>
      `<path d="M-6 -170 C-40 -120 -76 -80 -90 -40 M-6 -170 C36 -120 80 -80 98 -50" fill="none"${stroke(q.line, 30)}/>` +
      `<path d="M-6 -170 C-40 -120 -76 -80 -90 -40 M-6 -170 C36 -120 80 -80 98 -50" fill="none"${stroke(q.base, 20)}/>` +
      `<circle cx="-6" cy="-172" r="14" fill="${q.base}"${stroke(q.line, 5)}/>`,
    luminance(p.base) > 0.7 ? '#2f6fb5' : '#f2ead8',
  ),
  focus: [600, 340],
  ground: 760,
  groundWidth: 300,
});

function sportStraps(q: Palette): string {
  return (
    `<path d="M-110 -130 Q0 -160 114 -130 L114 -86 Q0 -116 -108 -86 Z" fill="${q.base}"${stroke(q.line, 5)}/>` +
    `<path d="M-104 -10 Q0 -40 94 -10 L92 36 Q0 6 -100 36 Z" fill="${q.base}"${stroke(q.line, 5)}/>` +
    `<path d="M-92 110 Q0 84 86 110 L84 150 Q0 124 -88 150 Z" fill="${q.base}"${stroke(q.line, 5)}/>` +
    `<rect x="60" y="-126" width="34" height="34" rx="6" fill="${q.contrast}"${stroke(q.line, 4)}/>` +
    `<rect x="54" y="-6" width="34" height="34" rx="6" fill="${q.contrast}"${stroke(q.line, 4)}/>`
  );
}

const sportSandal: Draw = (p) => ({
  svg: sandalPair(p, sportStraps, '#3a3d44'),
  focus: [600, 420],
  ground: 760,
  groundWidth: 300,
});

const kidsSandal: Draw = (p) => ({
  svg: sandalPair(p, sportStraps, '#f2c230', 0.8),
  focus: [600, 420],
  ground: 720,
  groundWidth: 260,
});

function dressSole(): string {
  return (
    `<path d="M200 596 L790 590 C800 600 796 612 780 614 L300 614 L300 644 L206 644 Z" fill="#2a211c"${stroke('#17120f', 5)}/>` +
    `<path d="M212 606 L292 606" fill="none"${stroke('#4a3c33', 4)}/>`
  );
}

const dressShoe = (p: Palette, style: 'oxford' | 'brogue' | 'loafer'): Drawing => {
  const upper =
    style === 'loafer'
      ? 'M206 598 C196 530 202 470 236 444 C300 458 380 462 440 446 C560 464 680 510 760 548 C800 566 806 590 786 596 Z'
      : 'M206 598 C196 520 202 460 236 428 C290 440 360 444 404 432 L452 420 C560 452 680 504 760 546 C800 564 806 590 786 596 Z';
  let detail = '';
  if (style === 'loafer') {
    detail =
      `<path d="M236 444 C300 458 380 462 440 446 L446 462 C380 478 300 476 232 462 Z" fill="${p.deep}"/>` +
      `<path d="M470 470 C520 446 580 470 600 512 C560 530 500 530 470 510 Z" fill="${p.shade}"${stroke(p.line, 4)}/>` +
      `<rect x="512" y="488" width="46" height="12" rx="6" fill="${p.deep}"/>` +
      `<path d="M610 500 C660 520 720 540 760 560" fill="none"${stroke(p.shade, 5)}/>`;
  } else {
    detail =
      `<path d="M236 428 C290 440 360 444 404 432 L408 448 C360 462 290 458 232 446 Z" fill="${p.deep}"/>` +
      `<path d="M404 432 L452 420 C480 460 470 500 440 520 C420 490 410 460 404 432 Z" fill="${p.shade}"${stroke(p.line, 4)}/>` +
      `<path d="M420 450 L462 440 M424 470 L468 462 M430 490 L468 484" fill="none"${stroke(p.contrast === '#25272d' ? '#25272d' : '#efe7da', 5)}/>` +
      `<path d="M660 500 C640 530 640 570 656 596" fill="none"${stroke(p.line, 5)}/>`;
    if (style === 'brogue') {
      for (let i = 0; i < 8; i += 1) {
        detail += `<circle cx="${648 + Math.sin(i / 2.4) * 4}" cy="${512 + i * 10}" r="3.5" fill="${p.deep}"/>`;
      }
      for (let i = 0; i < 12; i += 1) {
        detail += `<circle cx="${250 + i * 32}" cy="${540 - Math.sin(i / 4) * 8}" r="3.5" fill="${p.deep}"/>`;
      }
      detail += `<path d="M690 540 l14 0 m-7 -7 l0 14 M716 556 l14 0 m-7 -7 l0 14" fill="none"${stroke(p.deep, 4)}/>`;
    }
  }
  return {
    svg:
      dressSole() +
      `<path d="${upper}" fill="${p.base}"${stroke(p.line)}/>` +
      detail +
      `<path d="M560 500 C640 520 720 546 770 574" fill="none"${stroke(p.shine, 8)} opacity="0.45"/>` +
      `<path d="M250 480 C300 470 350 472 390 480" fill="none"${stroke(p.shine, 8)} opacity="0.35"/>`,
    focus: style === 'loafer' ? [540, 500] : [460, 470],
    ground: 650,
    groundWidth: 330,
  };
};

const chelseaBoot: Draw = (p) => ({
  svg:
    dressSole() +
    `<path d="M214 598 C204 460 212 320 226 190 L440 190 C436 290 444 380 476 430 C580 470 690 510 760 546 C800 564 806 590 786 596 Z" fill="${p.base}"${stroke(p.line)}/>` +
    `<path d="M300 190 C300 260 320 330 360 380 C400 330 410 260 408 190 Z" fill="${p.deep}"${stroke(p.line, 4)}/>` +
    `<path d="M330 210 L350 350 M360 210 L362 360 M390 210 L374 350" fill="none"${stroke(p.shade, 3)}/>` +
    `<path d="M226 190 L232 150 C236 136 258 136 262 150 L266 190" fill="none"${stroke(p.line, 16)}/>` +
    `<path d="M226 190 L232 150 C236 136 258 136 262 150 L266 190" fill="none"${stroke(p.shade, 8)}/>` +
    `<path d="M226 190 L440 190" fill="none"${stroke(p.line, 8)}/>` +
    `<path d="M560 500 C640 520 720 546 770 574" fill="none"${stroke(p.shine, 8)} opacity="0.45"/>` +
    `<path d="M250 260 C244 340 244 420 250 500" fill="none"${stroke(p.shine, 10)} opacity="0.35"/>`,
  focus: [360, 300],
  ground: 650,
  groundWidth: 330,
});

const rainBoot: Draw = (p) => ({
  svg:
    `<path d="M236 600 C226 470 232 330 246 230 L450 230 C450 330 460 410 500 450 C590 480 690 510 730 540 C770 566 770 600 750 610 Z" fill="${p.base}"${stroke(p.line)}/>` +
    `<path d="M240 246 L452 246 L452 290 L238 290 Z" fill="${p.shade}"${stroke(p.line, 4)}/>` +
    `<path d="M226 590 L760 600 C772 620 760 648 730 648 L250 648 C226 648 218 616 226 590 Z" fill="${p.deep}"${stroke(p.line, 5)}/>` +
    `<path d="M260 626 L280 626 M320 626 L340 626 M380 626 L400 626 M440 626 L460 626 M500 626 L520 626 M560 626 L580 626 M620 626 L640 626 M680 626 L700 626" fill="none"${stroke(p.line, 8)}/>` +
    `<circle cx="540" cy="520" r="34" fill="${flag.gold}"${stroke(p.line, 4)}/>` +
    `<circle cx="528" cy="512" r="5" fill="${p.line}"/><circle cx="552" cy="512" r="5" fill="${p.line}"/>` +
    `<path d="M524 530 Q540 542 556 530" fill="none"${stroke(p.line, 4)}/>` +
    `<path d="M280 320 C272 400 272 480 280 560" fill="none"${stroke(p.shine, 14)} opacity="0.45"/>`,
  focus: [520, 500],
  ground: 652,
  groundWidth: 300,
});

const drawings: Record<ArtKind, Draw> = {
  runner,
  court,
  'high-top': highTop,
  'slip-on': slipOn,
  'kids-sneaker': kidsSneaker,
  cap,
  'trucker-cap': truckerCap,
  'bucket-hat': bucketHat,
  tee,
  'crew-tee': plainTee('crew', {}),
  'pocket-tee': plainTee('crew', { pocket: true }),
  'v-neck-tee': plainTee('v', {}),
  'longline-tee': plainTee('crew', { long: true }),
  'kids-tee': kidsTee,
  'kids-shorts': kidsShorts,
  tote,
  backpack,
  'waist-bag': waistBag,
  duffel,
  'pendant-necklace': pendantNecklace,
  chain,
  'bead-bracelet': beadBracelet,
  'hoop-earrings': hoopEarrings,
  keyring,
  'enamel-pin': enamelPin,
  slide,
  'flip-flop': flipFlop,
  'sport-sandal': sportSandal,
  'kids-sandal': kidsSandal,
  oxford: (p) => dressShoe(p, 'oxford'),
  brogue: (p) => dressShoe(p, 'brogue'),
  loafer: (p) => dressShoe(p, 'loafer'),
  'chelsea-boot': chelseaBoot,
  'rain-boot': rainBoot,
};

// ---------------------------------------------------------------------------------------------
// Scenes: background, shadow and per-view framing around a drawing.

/** How each kind is staged across the gallery views. */
type Staging = 'footwear' | 'headwear' | 'flat';

const staging: Partial<Record<ArtKind, Staging>> = {
  runner: 'footwear',
  court: 'footwear',
  'high-top': 'footwear',
  'slip-on': 'footwear',
  'kids-sneaker': 'footwear',
  oxford: 'footwear',
  brogue: 'footwear',
  loafer: 'footwear',
  'chelsea-boot': 'footwear',
  'rain-boot': 'footwear',
  cap: 'headwear',
  'trucker-cap': 'headwear',
};

const viewLabels: Record<Staging, readonly string[]> = {
  footwear: ['side view', 'view from the other side', 'close-up', 'pair view'],
  headwear: ['side view', 'view from the other side', 'close-up', 'angled view'],
  flat: ['front view', 'angled view', 'close-up of the details', 'flat lay'],
};

/** Views after the first get fixed studio backdrops; the first is tinted with the item's colour. */
const laterViewBackgrounds: readonly (readonly [string, string])[] = [
  ['#f7f0e4', '#eadcc3'],
  ['#eef3f7', '#d7e2ea'],
  ['#eef4ec', '#d6e3d2'],
];

function backgroundFor(base: string, view: number): readonly [string, string] {
  const fixed = view > 0 ? laterViewBackgrounds[view - 1] : undefined;
  if (fixed) return fixed;
  // A tint of a nearly white item would be white on white.
  if (luminance(base) > 0.78) return ['#f0f2f5', '#dde2e8'];
  return [mix(base, '#ffffff', 0.88), mix(base, '#ffffff', 0.72)];
}

function scene(background: readonly [string, string], content: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    '<defs>' +
    `<linearGradient id="bg" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></linearGradient>` +
    '<radialGradient id="shadow"><stop offset="0" stop-color="#141820" stop-opacity="0.28"/><stop offset="1" stop-color="#141820" stop-opacity="0"/></radialGradient>' +
    '</defs>' +
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>` +
    `<circle cx="${centre}" cy="${centre - 20}" r="360" fill="#ffffff" opacity="0.35"/>` +
    content +
    '</svg>'
  );
}

function shadow(drawing: Drawing, scale = 1): string {
  return `<ellipse cx="${centre}" cy="${drawing.ground + 6}" rx="${drawing.groundWidth * scale}" ry="${28 * scale}" fill="url(#shadow)"/>`;
}

const around = (transform: string) => `translate(${centre} ${centre}) ${transform} translate(${-centre} ${-centre})`;

/** Gallery image `view` (0-based) of an item in the colour `hex`. */
export function productArt(spec: ArtSpec, hex: string, view: number): string {
  const p = palette(hex);
  const drawing = drawings[spec.kind](p, spec.motif ?? 'sun');
  const stage = staging[spec.kind] ?? 'flat';
  const frame = view % artViewCount;
  const background = backgroundFor(hex, frame);
  if (frame === 1) {
    // Side profiles turn around; anything with a print on it would show the print mirrored.
    const transform = stage === 'flat' ? 'rotate(-7) scale(0.94)' : 'scale(-1 1) rotate(-4)';
    return scene(background, shadow(drawing, 0.95) + `<g transform="${around(transform)}">${drawing.svg}</g>`);
  }
  if (frame === 2) {
    const [fx, fy] = drawing.focus;
    return scene(background, `<g transform="translate(${centre} ${centre}) scale(1.35) translate(${-fx} ${-fy})">${drawing.svg}</g>`);
  }
  if (frame === 3) {
    if (stage === 'footwear') {
      return scene(
        background,
        shadow(drawing, 1.05) +
          `<g transform="translate(-80 -110) ${around('scale(0.8)')}">${drawing.svg}</g>` +
          `<g transform="translate(50 40) ${around('scale(0.86)')}">${drawing.svg}</g>`,
      );
    }
    return scene(background, `<g transform="${around('rotate(9) scale(0.82)')}">${drawing.svg}</g>`);
  }
  return scene(background, shadow(drawing) + drawing.svg);
}

/** Words for alt text, matching what `productArt` shows for each view. */
export function artViewLabel(spec: ArtSpec, view: number): string {
  return viewLabels[staging[spec.kind] ?? 'flat'][view % artViewCount] ?? '';
}

/** Category tile: the category's typical item with the category name underneath. */
export function categoryTileArt(spec: ArtSpec, hex: string, label: string): string {
  const p = palette(hex);
  const drawing = drawings[spec.kind](p, spec.motif ?? 'sun');
  const fontSize = label.length > 14 ? 56 : 68;
  return scene(
    backgroundFor(hex, 0),
    `<g transform="translate(0 -70) ${around('scale(0.78)')}">${drawing.svg}</g>` +
      `<rect x="140" y="780" width="680" height="110" rx="55" fill="#ffffff" opacity="0.85"/>` +
      `<text x="${centre}" y="${835 + fontSize * 0.35}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${fontSize}" fill="#23252b">${escapeHtml(label)}</text>`,
  );
}

/** Stand-in for a missing image: a neutral hanger. */
export function placeholderArt(): string {
  return scene(
    ['#f1f2f4', '#e0e3e7'],
    `<g fill="none"${stroke('#a2a8b0', 22)}>` +
      '<path d="M480 380 L480 350 C480 320 520 310 520 280 C520 250 500 232 480 232 C458 232 440 248 440 270"/>' +
      '<path d="M480 380 L200 580 C180 596 190 620 214 620 L746 620 C770 620 780 596 760 580 Z"/>' +
      '</g>',
  );
}
