import { artViewLabel, type ArtSpec } from './product-art.ts';

/**
 * The demo catalogue. Everything here is deterministic (fixed dates, seeded stock) so every fresh
 * database, test run and screenshot shows the same shop.
 */

/** Products are dated back from here rather than from today, so seeds are reproducible. */
const catalogueEpoch = '2026-11-01T12:00:00.000Z';

/** Categories predate every product. */
export const categoriesCreatedAt = '2026-06-15T12:00:00.000Z';

const dayMs = 24 * 60 * 60 * 1000;
const newArrivalDays = 20;

/** J$ → minor units. */
function jmd(major: number): number {
  return Math.round(major * 100);
}

export const colorSwatches = {
  Black: { hex: '#25272d', code: 'BLK' },
  White: { hex: '#f3f2ee', code: 'WHT' },
  Red: { hex: '#c73a32', code: 'RED' },
  Navy: { hex: '#23375e', code: 'NVY' },
  Green: { hex: '#2e7d4f', code: 'GRN' },
  Gold: { hex: '#d6a532', code: 'GLD' },
  Grey: { hex: '#8d939b', code: 'GRY' },
  Sand: { hex: '#d9c49c', code: 'SND' },
  Olive: { hex: '#6d7344', code: 'OLV' },
  Blue: { hex: '#3572b9', code: 'BLU' },
  Sky: { hex: '#8cc4e8', code: 'SKY' },
  Teal: { hex: '#1f8587', code: 'TEL' },
  Pink: { hex: '#e592ad', code: 'PNK' },
  Coral: { hex: '#f07f6e', code: 'CRL' },
  Orange: { hex: '#e77d3c', code: 'ORG' },
  Yellow: { hex: '#f1c93b', code: 'YEL' },
  Brown: { hex: '#7b5438', code: 'BRN' },
  Tan: { hex: '#b68a5b', code: 'TAN' },
  Cream: { hex: '#eee4cc', code: 'CRM' },
  Burgundy: { hex: '#7a2636', code: 'BUR' },
  Silver: { hex: '#c3c8cf', code: 'SLV' },
} as const;

export type ColorName = keyof typeof colorSwatches;

export interface CatalogueCategory {
  slug: string;
  name: string;
  parentSlug: string | null;
  sortOrder: number;
  art: ArtSpec;
  color: ColorName;
}

export interface CatalogueProduct {
  slug: string;
  name: string;
  categorySlug: string;
  description: string;
  /** Minor units of JMD. */
  price: number;
  salePrice: number | null;
  wholesalePrice: number | null;
  isNewArrival: boolean;
  isFeatured: boolean;
  features: string[];
  specifications: Record<string, string>;
  art: ArtSpec;
  /** Empty for products without a colour option. */
  colors: ColorName[];
  /** Null for products without a size option. */
  sizes: readonly string[] | null;
  /** Drawn in this colour when the product has no colour option. */
  artColor: ColorName;
  skuCode: string;
  imageCount: number;
  soldOut: boolean;
  createdAt: string;
}

export interface CatalogueImage {
  path: string;
  altText: string;
  color: ColorName;
  view: number;
  position: number;
}

export interface CatalogueVariant {
  sku: string;
  size: string | null;
  color: ColorName | null;
  stock: number;
  position: number;
}

export interface CataloguePromoCode {
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  value: number;
  minSubtotal: number;
  startsAt: string | null;
  endsAt: string | null;
  perCustomerLimit: number | null;
  firstOrderOnly: boolean;
  isActive: boolean;
  createdAt: string;
}

export const catalogueCategories: readonly CatalogueCategory[] = [
  { slug: 'sneakers', name: 'Sneakers', parentSlug: null, sortOrder: 1, art: { kind: 'runner' }, color: 'Red' },
  { slug: 'hats', name: 'Hats', parentSlug: null, sortOrder: 2, art: { kind: 'cap' }, color: 'Green' },
  { slug: 'tshirts', name: 'T-Shirts', parentSlug: null, sortOrder: 3, art: { kind: 'tee', motif: 'sun' }, color: 'Black' },
  { slug: 'accessories', name: 'Accessories', parentSlug: null, sortOrder: 4, art: { kind: 'backpack' }, color: 'Teal' },
  { slug: 'shoes', name: 'Shoes', parentSlug: null, sortOrder: 5, art: { kind: 'chelsea-boot' }, color: 'Brown' },
  { slug: 'kids', name: 'Kids', parentSlug: null, sortOrder: 6, art: { kind: 'kids-sneaker' }, color: 'Pink' },
  { slug: 'running-sneakers', name: 'Running Sneakers', parentSlug: 'sneakers', sortOrder: 1, art: { kind: 'runner' }, color: 'Blue' },
  { slug: 'lifestyle-sneakers', name: 'Lifestyle Sneakers', parentSlug: 'sneakers', sortOrder: 2, art: { kind: 'court' }, color: 'Green' },
  { slug: 'caps', name: 'Caps', parentSlug: 'hats', sortOrder: 1, art: { kind: 'trucker-cap' }, color: 'Navy' },
  { slug: 'bucket-hats', name: 'Bucket Hats', parentSlug: 'hats', sortOrder: 2, art: { kind: 'bucket-hat' }, color: 'Gold' },
  { slug: 'graphic-tees', name: 'Graphic Tees', parentSlug: 'tshirts', sortOrder: 1, art: { kind: 'tee', motif: 'palm' }, color: 'Red' },
  { slug: 'essential-tees', name: 'Essential Tees', parentSlug: 'tshirts', sortOrder: 2, art: { kind: 'pocket-tee' }, color: 'Sand' },
  { slug: 'bags', name: 'Bags', parentSlug: 'accessories', sortOrder: 1, art: { kind: 'duffel' }, color: 'Navy' },
  { slug: 'jewellery', name: 'Jewellery', parentSlug: 'accessories', sortOrder: 2, art: { kind: 'pendant-necklace' }, color: 'Gold' },
  { slug: 'sandals', name: 'Sandals', parentSlug: 'shoes', sortOrder: 1, art: { kind: 'slide' }, color: 'Orange' },
  { slug: 'dress-shoes', name: 'Dress Shoes', parentSlug: 'shoes', sortOrder: 2, art: { kind: 'oxford' }, color: 'Black' },
  { slug: 'kids-footwear', name: "Kids' Footwear", parentSlug: 'kids', sortOrder: 1, art: { kind: 'rain-boot' }, color: 'Yellow' },
  {
    slug: 'kids-clothing',
    name: "Kids' Clothing",
    parentSlug: 'kids',
    sortOrder: 2,
    art: { kind: 'kids-tee', motif: 'star' },
    color: 'Sky',
  },
];

/** A product as written below; prices in whole J$, everything derivable is derived. */
interface Draft {
  name: string;
  sku: string;
  art: ArtSpec;
  price: number;
  sale?: number;
  wholesale?: number;
  featured?: true;
  /** Every variant at zero stock: the shop needs a sold-out product to show. */
  soldOut?: true;
  colors: ColorName[];
  /** Overrides the group's sizes; null for no size option. */
  sizes?: readonly string[] | null;
  artColor?: ColorName;
  description: string;
  features: string[];
  specs: Record<string, string>;
}

interface DraftGroup {
  category: string;
  sizes: readonly string[] | null;
  specs: Record<string, string>;
  products: Draft[];
}

const adultShoeSizes = ['7', '8', '9', '10', '11', '12'] as const;
const sandalSizes = ['6', '7', '8', '9', '10', '11'] as const;
const teeSizes = ['S', 'M', 'L', 'XL', 'XXL'] as const;
const hatSizes = ['S/M', 'L/XL'] as const;
const oneSize = ['One Size'] as const;
const kidsShoeSizes = ['9C', '10C', '11C', '12C', '13C', '1Y'] as const;
const kidsClothingSizes = ['2T', '4T', '6', '8', '10'] as const;
const chainLengths = ['45 cm', '50 cm', '55 cm'] as const;

const groups: readonly DraftGroup[] = [
  {
    category: 'running-sneakers',
    sizes: adultShoeSizes,
    specs: { Fit: 'True to size', Care: 'Wipe clean; air dry away from direct sun' },
    products: [
      {
        name: 'Kingston Runner',
        sku: 'KR',
        art: { kind: 'runner' },
        price: 14500,
        sale: 11900,
        wholesale: 10900,
        featured: true,
        colors: ['Black', 'Red', 'White'],
        description:
          'Our everyday running shoe, tuned for early laps around Emancipation Park before the heat sets in. A breathable knit upper and a springy foam midsole keep every stride light.',
        features: [
          'Breathable engineered-knit upper',
          'Responsive EVA foam midsole',
          'Reflective heel tab for dusk runs',
          'Padded collar and tongue',
        ],
        specs: { Upper: 'Engineered knit', Sole: 'EVA foam with rubber outsole', Drop: '8 mm' },
      },
      {
        name: 'Blue Mountain Trail Sneaker',
        sku: 'BMT',
        art: { kind: 'runner' },
        price: 18900,
        wholesale: 14200,
        colors: ['Olive', 'Grey', 'Navy'],
        description:
          'Built for the climb to Blue Mountain Peak and the muddy walk back down. Deep lugs grip wet roots and rock, while a toe bumper shrugs off the knocks.',
        features: [
          'Multi-directional 5 mm lugs',
          'Protective rubber toe bumper',
          'Water-resistant mesh upper',
          'Gusseted tongue keeps grit out',
        ],
        specs: { Upper: 'Water-resistant mesh', Sole: 'Sticky rubber with 5 mm lugs', Drop: '6 mm' },
      },
      {
        name: 'Hope Gardens Jogger',
        sku: 'HGJ',
        art: { kind: 'runner' },
        price: 11500,
        sale: 8900,
        colors: ['Grey', 'Navy'],
        description:
          'An easy-going jogger for slow Sunday loops and long walks through the gardens. Soft cushioning and a flexible sole make it comfortable from the first wear.',
        features: ['Plush cushioned insole', 'Flexible flex-groove outsole', 'Lightweight mesh upper'],
        specs: { Upper: 'Air mesh', Sole: 'Rubber' },
      },
      {
        name: 'Palisadoes Pace Runner',
        sku: 'PPR',
        art: { kind: 'runner' },
        price: 16500,
        colors: ['Blue', 'Black'],
        description:
          'A faster shoe for tempo days along the Palisadoes strip, where the sea breeze is always in your face. A firmer ride and a snug heel lock you in when you pick up the pace.',
        features: ['Firm, responsive ride for tempo runs', 'Heel-lock lacing eyelets', 'Breezy open-weave mesh', 'Reflective details'],
        specs: { Upper: 'Open-weave mesh', Sole: 'Dual-density foam', Drop: '10 mm' },
      },
      {
        name: 'Port Royal Sprint',
        sku: 'PRS',
        art: { kind: 'runner' },
        price: 21900,
        colors: ['Orange', 'White'],
        description:
          'Our lightest racer, made for race day and interval sessions on the track. A stiff plate under the forefoot turns every push-off into forward speed.',
        features: ['Featherweight racing build', 'Forefoot propulsion plate', 'Thin, grippy race outsole', 'Minimal padded heel'],
        specs: { Upper: 'Monofilament mesh', Sole: 'Race foam with nylon plate', Weight: '210 g (size 9)' },
      },
      {
        name: 'Negril Breeze Runner',
        sku: 'NBR',
        art: { kind: 'runner' },
        price: 12900,
        colors: ['Teal', 'White'],
        description: 'A cool, airy runner for hot mornings on the coast. The extra-ventilated upper dries fast after a beach run.',
        features: ['Extra-ventilated upper', 'Quick-dry lining', 'Cushioned heel crash pad'],
        specs: { Upper: 'Ventilated mesh', Sole: 'EVA foam' },
      },
    ],
  },
  {
    category: 'lifestyle-sneakers',
    sizes: adultShoeSizes,
    specs: { Fit: 'True to size', Care: 'Spot clean with a soft brush' },
    products: [
      {
        name: 'Half Way Tree Court Low',
        sku: 'HWT',
        art: { kind: 'court' },
        price: 13500,
        wholesale: 10100,
        featured: true,
        colors: ['White', 'Black'],
        description:
          'A clean court sneaker that goes with everything from uniform to Friday night. Smooth leather, a stitched cupsole and a contrast heel tab keep it sharp.',
        features: ['Smooth leather upper', 'Stitched rubber cupsole', 'Perforated toe box for airflow', 'Cushioned footbed'],
        specs: { Upper: 'Leather', Sole: 'Stitched rubber cupsole', Lining: 'Textile' },
      },
      {
        name: 'Trench Town High-Top',
        sku: 'TTH',
        art: { kind: 'high-top' },
        price: 15900,
        colors: ['Red', 'Black', 'Cream'],
        description:
          'A canvas high-top with a nod to the yards where the music started. A padded ankle, a star patch and a classic rubber toe cap make it an instant favourite.',
        features: ['Heavy cotton canvas upper', 'Padded ankle collar', 'Rubber toe cap', 'Star ankle patch'],
        specs: { Upper: 'Cotton canvas', Sole: 'Vulcanised rubber' },
      },
      {
        name: 'Ocho Rios Slip-On',
        sku: 'ORS',
        art: { kind: 'slip-on' },
        price: 9500,
        sale: 7900,
        wholesale: 7100,
        colors: ['Navy', 'Sand'],
        description:
          'Step in and go: this laceless canvas slip-on is made for day trips to the falls and evenings by the water. Elastic side gores hold it snug without a single knot.',
        features: ['Laceless slip-on design', 'Elastic side gores', 'Soft canvas upper', 'Cushioned insole'],
        specs: { Upper: 'Canvas', Sole: 'Vulcanised rubber' },
      },
      {
        name: 'Montego Canvas Low',
        sku: 'MCL',
        art: { kind: 'court' },
        price: 9900,
        colors: ['Green', 'White'],
        description:
          'A lightweight low-top in washed canvas for long days around the Hip Strip. It breaks in fast and looks better with every scuff.',
        features: ['Washed cotton canvas', 'Lightweight rubber sole', 'Metal eyelets'],
        specs: { Upper: 'Washed canvas', Sole: 'Rubber' },
      },
      {
        name: 'Spanish Town Classic',
        sku: 'STC',
        art: { kind: 'court' },
        price: 17500,
        colors: ['Burgundy', 'Tan'],
        description:
          "Our premium court shoe in rich suede, inspired by the old capital's brick and timber. A leather lining and cushioned footbed make it as comfortable as it is handsome.",
        features: ['Premium suede upper', 'Full leather lining', 'Cushioned footbed', 'Waxed cotton laces'],
        specs: { Upper: 'Suede', Sole: 'Stitched rubber cupsole', Lining: 'Leather' },
      },
      {
        name: 'Dancehall High-Top',
        sku: 'DHT',
        art: { kind: 'high-top' },
        price: 27500,
        soldOut: true,
        colors: ['Gold'],
        description:
          'A limited-edition metallic high-top made for the front of the dance. Every pair in this run has found a home; sign up to our newsletter to hear about the next drop.',
        features: ['Limited edition of 150 pairs', 'Metallic leather upper', 'Numbered insole', 'Two sets of laces'],
        specs: { Upper: 'Metallic leather', Sole: 'Vulcanised rubber', Edition: 'Limited' },
      },
    ],
  },
  {
    category: 'caps',
    sizes: hatSizes,
    specs: { Care: 'Hand wash cold; reshape and air dry' },
    products: [
      {
        name: 'Irie Snapback Cap',
        sku: 'ISC',
        art: { kind: 'cap' },
        price: 3500,
        wholesale: 2600,
        featured: true,
        colors: ['Black', 'Green', 'Gold'],
        sizes: oneSize,
        description:
          'A structured six-panel snapback with an embroidered star badge. The snap strap fits almost every head, so it makes an easy gift.',
        features: ['Structured six-panel crown', 'Embroidered star badge', 'Adjustable snap strap', 'Moisture-wicking sweatband'],
        specs: { Material: '100% cotton twill', Fit: 'Adjustable snapback', Crown: 'Structured, mid profile' },
      },
      {
        name: 'Yard Style Dad Cap',
        sku: 'YSD',
        art: { kind: 'cap' },
        price: 2800,
        sale: 2200,
        wholesale: 2100,
        colors: ['Sand', 'Navy'],
        description: 'A soft, unstructured cap that feels broken in from day one. The washed cotton fades nicely in the island sun.',
        features: ['Unstructured low-profile crown', 'Garment-washed cotton', 'Curved brim'],
        specs: { Material: 'Washed cotton', Fit: 'Fitted sizes', Crown: 'Unstructured, low profile' },
      },
      {
        name: 'Lion Crest Fitted Cap',
        sku: 'LCF',
        art: { kind: 'cap' },
        price: 4800,
        colors: ['Black', 'Red'],
        description:
          'A proper fitted cap in heavyweight wool blend with a raised crest on the front panel. Choose your size for a clean, strap-free back.',
        features: ['Wool-blend crown', 'Raised embroidered crest', 'Satin-lined interior', 'Strap-free fitted back'],
        specs: { Material: '80% wool, 20% polyester', Fit: 'Fitted', Crown: 'Structured, high profile' },
      },
      {
        name: 'Blue Mountain Trucker Cap',
        sku: 'BMC',
        art: { kind: 'trucker-cap' },
        price: 3200,
        wholesale: 2400,
        colors: ['Navy', 'Green'],
        sizes: oneSize,
        description: 'A foam-front trucker with a breezy mesh back for coffee-country hikes. The snapback strap adjusts in seconds.',
        features: ['Foam front panel', 'Breathable mesh back', 'Snapback strap'],
        specs: { Material: 'Polyester foam and mesh', Fit: 'Adjustable snapback', Crown: 'Structured, high profile' },
      },
      {
        name: 'Reggae Roots Five-Panel',
        sku: 'RRF',
        art: { kind: 'cap' },
        price: 3900,
        colors: ['Olive', 'Black'],
        sizes: oneSize,
        description: 'A flat-brim five-panel in ripstop nylon with a buckle strap. Light enough to pack for a festival weekend.',
        features: ['Five-panel ripstop crown', 'Flat brim', 'Metal buckle strap', 'Quick-dry fabric'],
        specs: { Material: 'Nylon ripstop', Fit: 'Adjustable buckle strap' },
      },
    ],
  },
  {
    category: 'bucket-hats',
    sizes: hatSizes,
    specs: { Care: 'Machine wash cold; line dry' },
    products: [
      {
        name: 'Irie Bucket Hat',
        sku: 'IBH',
        art: { kind: 'bucket-hat' },
        price: 3800,
        wholesale: 2900,
        featured: true,
        colors: ['Green', 'Gold', 'Black'],
        description:
          'The bucket hat that goes to every beach day, match and session. Stitched brim, brass eyelets and a soft cotton twill that packs flat.',
        features: ['Stitched brim holds its shape', 'Brass ventilation eyelets', 'Packs flat', 'Contrast inner band'],
        specs: { Material: '100% cotton twill', Brim: '6 cm', Fit: 'Relaxed' },
      },
      {
        name: 'Treasure Beach Reversible Bucket',
        sku: 'TBR',
        art: { kind: 'bucket-hat' },
        price: 5200,
        colors: ['Sand', 'Teal'],
        description:
          'Two hats in one: a plain side for the morning and a bolder side for sundown. Made from soft cotton with a print-free inside for easy styling.',
        features: ['Fully reversible', 'Two-tone colourways', 'Soft cotton poplin'],
        specs: { Material: 'Cotton poplin', Brim: '6.5 cm', Fit: 'Relaxed' },
      },
      {
        name: "Frenchman's Cove Canvas Bucket",
        sku: 'FCB',
        art: { kind: 'bucket-hat' },
        price: 4200,
        sale: 3400,
        colors: ['Navy', 'Cream'],
        description: 'A sturdy canvas bucket for river swims and cove lazing. It softens with every wash.',
        features: ['Heavy cotton canvas', 'Tonal band', 'Eight rows of brim stitching'],
        specs: { Material: 'Cotton canvas', Brim: '6 cm' },
      },
      {
        name: 'Seven Mile Sun Bucket',
        sku: 'SMS',
        art: { kind: 'bucket-hat' },
        price: 6200,
        colors: ['Tan', 'White'],
        description:
          'A wide-brim bucket with UPF 50+ fabric for full days on Seven Mile Beach. A hidden chin cord keeps it on when the wind picks up.',
        features: ['UPF 50+ sun protection', 'Extra-wide 8 cm brim', 'Removable chin cord', 'Quick-dry lining'],
        specs: { Material: 'Recycled polyester', Brim: '8 cm', Protection: 'UPF 50+' },
      },
      {
        name: 'Mayfield Falls Waterproof Bucket',
        sku: 'MFW',
        art: { kind: 'bucket-hat' },
        price: 5800,
        colors: ['Black', 'Yellow'],
        description:
          'A waxed waterproof bucket for sudden showers and waterfall trips. Taped seams keep your head dry when the rain comes in sideways.',
        features: ['Waterproof waxed finish', 'Taped seams', 'Drawcord fit adjuster'],
        specs: { Material: 'Waxed cotton', Brim: '6 cm', Fit: 'Adjustable drawcord' },
      },
    ],
  },
  {
    category: 'graphic-tees',
    sizes: teeSizes,
    specs: { Fit: 'Regular fit', Care: 'Machine wash cold inside out; do not iron the print' },
    products: [
      {
        name: 'Kingston Skyline Tee',
        sku: 'KST',
        art: { kind: 'tee', motif: 'skyline' },
        price: 4200,
        wholesale: 3100,
        featured: true,
        colors: ['Black', 'Green', 'White'],
        description:
          "Downtown Kingston's skyline with the harbour underneath, screen printed by hand. A heavyweight cotton tee that holds its shape wash after wash.",
        features: ['Hand screen-printed artwork', '220 gsm heavyweight cotton', 'Ribbed crew neck', 'Pre-shrunk'],
        specs: { Material: '100% cotton, 220 gsm', Print: 'Water-based screen print' },
      },
      {
        name: 'One Love Graphic Tee',
        sku: 'OLT',
        art: { kind: 'tee', motif: 'one-love' },
        price: 3900,
        sale: 3200,
        wholesale: 2900,
        colors: ['White', 'Red', 'Black'],
        description: 'A simple message, worn loud. Soft ringspun cotton with a bold heart print.',
        features: ['Soft ringspun cotton', 'Bold front print', 'Taped shoulder seams'],
        specs: { Material: '100% ringspun cotton, 180 gsm', Print: 'Plastisol screen print' },
      },
      {
        name: 'Doctor Bird Tee',
        sku: 'DBT',
        art: { kind: 'tee', motif: 'bird' },
        price: 4500,
        colors: ['Black', 'Navy'],
        description:
          "Jamaica's national bird, the streamertail hummingbird, in flight across the chest. Printed on organic cotton with water-based inks.",
        features: ['Organic cotton', 'Water-based inks', 'Artwork by a Kingston illustrator', 'Ribbed crew neck'],
        specs: { Material: '100% organic cotton, 200 gsm', Print: 'Water-based screen print' },
      },
      {
        name: 'Ackee & Saltfish Tee',
        sku: 'AST',
        art: { kind: 'tee', motif: 'ackee' },
        price: 4200,
        sale: 3500,
        colors: ['White', 'Cream'],
        description: 'A tribute to the national dish, ripe ackee pod and all. Guaranteed to start a breakfast debate.',
        features: ['Playful food illustration', 'Soft-hand print', 'Pre-shrunk cotton'],
        specs: { Material: '100% cotton, 180 gsm', Print: 'Water-based screen print' },
      },
      {
        name: 'Sound System Tee',
        sku: 'SST',
        art: { kind: 'tee', motif: 'speaker' },
        price: 4800,
        colors: ['Gold', 'Black'],
        description:
          'For the selectors, the dancers and everyone who has ever stood too close to the speaker box. A boxy, heavyweight fit with a bold front print.',
        features: ['Boxy heavyweight fit', 'Bold speaker-box artwork', 'Double-stitched hems', 'Ribbed crew neck'],
        specs: { Material: '100% cotton, 240 gsm', Print: 'Plastisol screen print', Fit: 'Boxy fit' },
      },
      {
        name: 'Island Time Sunset Tee',
        sku: 'ITT',
        art: { kind: 'tee', motif: 'sun' },
        price: 3800,
        colors: ['Red', 'Navy', 'Sand'],
        description:
          'A retro sunset over the Caribbean Sea for people who are never in a hurry. Lightweight cotton that stays cool in the afternoon heat.',
        features: ['Retro sunset print', 'Lightweight breathable cotton', 'Relaxed shoulders'],
        specs: { Material: '100% cotton, 160 gsm', Print: 'Water-based screen print' },
      },
    ],
  },
  {
    category: 'essential-tees',
    sizes: teeSizes,
    specs: { Care: 'Machine wash cold; tumble dry low', Origin: 'Designed in Kingston, Jamaica' },
    products: [
      {
        name: 'Everyday Crew Tee',
        sku: 'ECT',
        art: { kind: 'crew-tee' },
        price: 2800,
        wholesale: 2000,
        colors: ['White', 'Black', 'Grey'],
        description: 'The plain tee you reach for first. Soft combed cotton, a neat crew neck and a fit that is neither tight nor baggy.',
        features: ['Combed cotton jersey', 'Ribbed crew neck', 'Side-seamed for a better drape'],
        specs: { Material: '100% combed cotton, 170 gsm', Fit: 'Regular fit' },
      },
      {
        name: 'Heavyweight Pocket Tee',
        sku: 'HPT',
        art: { kind: 'pocket-tee' },
        price: 4500,
        wholesale: 3300,
        featured: true,
        colors: ['Sand', 'Olive', 'Black'],
        description: 'A thick, structured tee with a chest pocket and a slightly boxy cut. Built to last years, not seasons.',
        features: ['240 gsm heavyweight cotton', 'Chest pocket', 'Boxy, dropped-shoulder cut', 'Double-needle hems'],
        specs: { Material: '100% cotton, 240 gsm', Fit: 'Boxy fit' },
      },
      {
        name: 'Breezy V-Neck Tee',
        sku: 'BVT',
        art: { kind: 'v-neck-tee' },
        price: 2900,
        sale: 2500,
        colors: ['White', 'Sky'],
        description: 'A light V-neck for the hottest days of the year. The slub cotton has a subtle texture and dries quickly.',
        features: ['Lightweight slub cotton', 'Clean V-neck', 'Quick-drying'],
        specs: { Material: '100% slub cotton, 140 gsm', Fit: 'Slim fit' },
      },
      {
        name: 'Longline Street Tee',
        sku: 'LST',
        art: { kind: 'longline-tee' },
        price: 3600,
        colors: ['Black', 'Grey'],
        description: 'A longer-cut tee with a curved hem for layering. Looks right with joggers, shorts or under an open shirt.',
        features: ['Extended length', 'Curved hem', 'Soft cotton-modal blend'],
        specs: { Material: '95% cotton, 5% modal', Fit: 'Longline fit' },
      },
      {
        name: 'Organic Cotton Crew',
        sku: 'OCC',
        art: { kind: 'crew-tee' },
        price: 3400,
        colors: ['Green', 'Cream', 'Navy'],
        description:
          'Certified organic cotton in earthy colours that fade gently over time. Grown without synthetic pesticides and dyed with low-impact dyes.',
        features: ['Certified organic cotton', 'Low-impact dyes', 'Ribbed crew neck', 'Pre-shrunk'],
        specs: { Material: '100% organic cotton, 180 gsm', Fit: 'Regular fit' },
      },
      {
        name: 'Linen-Blend Resort Tee',
        sku: 'LRT',
        art: { kind: 'crew-tee' },
        price: 5900,
        colors: ['Sand', 'White'],
        description:
          'Linen and cotton woven together for a tee that breathes like a shirt. Dress it up for dinner at the resort or down for the beach.',
        features: ['Breathable linen-cotton blend', 'Relaxed resort fit', 'Natural texture'],
        specs: { Material: '55% linen, 45% cotton', Fit: 'Relaxed fit' },
      },
    ],
  },
  {
    category: 'bags',
    sizes: null,
    specs: { Care: 'Spot clean; do not machine wash' },
    products: [
      {
        name: 'Market Tote Bag',
        sku: 'MTB',
        art: { kind: 'tote', motif: 'sun' },
        price: 2400,
        wholesale: 1800,
        colors: [],
        artColor: 'Sand',
        description:
          'A sturdy canvas tote for market runs, the beach and everything in between. Reinforced handles carry a full load of produce without complaint.',
        features: ['Heavy 12 oz cotton canvas', 'Reinforced handles', 'Sunset screen print', 'Folds flat'],
        specs: { Material: '12 oz cotton canvas', Dimensions: '38 × 42 × 10 cm', Capacity: '15 L' },
      },
      {
        name: 'Coronation Market Canvas Tote',
        sku: 'CMT',
        art: { kind: 'tote', motif: 'palm' },
        price: 3500,
        sale: 2900,
        colors: ['Sand', 'Black'],
        description:
          "A roomier tote with an inside zip pocket, named for downtown's busiest market. Carries a laptop, lunch and an umbrella with ease.",
        features: ['Inside zip pocket', 'Long shoulder handles', 'Palm-tree print', 'Gusseted base'],
        specs: { Material: 'Cotton canvas', Dimensions: '42 × 40 × 14 cm', Capacity: '20 L' },
      },
      {
        name: 'Blue Mountain Day Pack',
        sku: 'BMD',
        art: { kind: 'backpack' },
        price: 12500,
        wholesale: 9400,
        featured: true,
        colors: ['Navy', 'Olive', 'Black'],
        description:
          'A 22-litre day pack for hikes, commutes and weekend trips. Padded straps, a laptop sleeve and a water-resistant shell cover every kind of day.',
        features: [
          'Padded 15-inch laptop sleeve',
          'Water-resistant shell',
          'Padded, adjustable shoulder straps',
          'Quick-grab front pocket',
        ],
        specs: { Material: 'Recycled polyester, PU coated', Dimensions: '46 × 30 × 16 cm', Capacity: '22 L' },
      },
      {
        name: 'Downtown Waist Bag',
        sku: 'DWB',
        art: { kind: 'waist-bag' },
        price: 4900,
        sale: 3900,
        colors: ['Black', 'Red', 'Teal'],
        description: 'Keep phone, keys and cash close on busy streets. Wear it round the waist or across the chest.',
        features: ['Wear at the waist or cross-body', 'Hidden back pocket', 'Adjustable strap with buckle'],
        specs: { Material: 'Nylon', Dimensions: '24 × 13 × 6 cm' },
      },
      {
        name: 'Port Antonio Weekender',
        sku: 'PAW',
        art: { kind: 'duffel' },
        price: 14900,
        colors: ['Navy', 'Brown'],
        description:
          'A weekender sized for two nights in Portland and a bag of souvenirs on the way back. Durable canvas, leather-trimmed handles and a detachable shoulder strap.',
        features: ['Fits airline cabin limits', 'Detachable shoulder strap', 'Separate shoe compartment', 'Leather-trimmed handles'],
        specs: { Material: 'Waxed canvas with leather trim', Dimensions: '52 × 28 × 26 cm', Capacity: '38 L' },
      },
      {
        name: 'Lime Cay Beach Tote',
        sku: 'LCT',
        art: { kind: 'tote', motif: 'wave' },
        price: 3200,
        colors: ['Teal', 'White'],
        description: 'A water-resistant tote for boat trips to the cay. Sand shakes straight off and wet towels will not soak through.',
        features: ['Water-resistant coated canvas', 'Wave print', 'Inside key clip'],
        specs: { Material: 'Coated cotton canvas', Dimensions: '40 × 38 × 12 cm' },
      },
    ],
  },
  {
    category: 'jewellery',
    sizes: null,
    specs: { Care: 'Keep dry; polish with a soft cloth' },
    products: [
      {
        name: 'Lion of Judah Pendant Necklace',
        sku: 'LJP',
        art: { kind: 'pendant-necklace' },
        price: 6500,
        featured: true,
        colors: ['Gold', 'Silver'],
        sizes: chainLengths,
        description: 'A heavy, domed medallion on a fine rope chain, finished by hand. Choose the chain length that sits right for you.',
        features: ['Hand-finished medallion', 'Fine rope chain', 'Lobster clasp', 'Gift box included'],
        specs: { Material: 'Plated brass', Pendant: '28 mm', Clasp: 'Lobster clasp' },
      },
      {
        name: 'Rasta Bead Bracelet',
        sku: 'RBB',
        art: { kind: 'bead-bracelet' },
        price: 1800,
        wholesale: 1300,
        colors: ['Red', 'Green', 'Black'],
        sizes: ['S/M', 'M/L'],
        description: 'Polished wooden beads with gold accents on a strong stretch cord. Stack a few in different colours.',
        features: ['Polished wood beads', 'Gold-tone accent beads', 'Stretch fit'],
        specs: { Material: 'Wood beads on elastic cord', Beads: '8 mm' },
      },
      {
        name: 'Cuban Link Chain',
        sku: 'CLC',
        art: { kind: 'chain' },
        price: 12900,
        sale: 10900,
        colors: ['Gold', 'Silver'],
        sizes: ['50 cm', '55 cm', '60 cm'],
        description:
          'A bold, flat-laid Cuban link chain with a secure box clasp. Tarnish-resistant plating keeps its shine in the salt air.',
        features: ['Tarnish-resistant plating', 'Secure box clasp', 'Flat, tight-laid links'],
        specs: { Material: 'Plated stainless steel', Width: '8 mm', Clasp: 'Box clasp' },
      },
      {
        name: 'Mini Kicks Keyring',
        sku: 'MKK',
        art: { kind: 'keyring' },
        price: 1500,
        wholesale: 1100,
        colors: [],
        sizes: null,
        artColor: 'Green',
        description: 'A tiny enamel sneaker on a split ring, for the sneakerhead who has everything. Makes a good stocking filler.',
        features: ['Enamel sneaker charm', 'Sturdy split ring', 'Gift-ready card backing'],
        specs: { Material: 'Zinc alloy with enamel', Charm: '40 mm' },
      },
      {
        name: 'Doctor Bird Enamel Pin',
        sku: 'DBP',
        art: { kind: 'enamel-pin', motif: 'bird' },
        price: 1600,
        colors: [],
        sizes: null,
        artColor: 'Gold',
        description: 'A hard-enamel pin of our hummingbird for your bag, jacket or cap. Two rubber clutches keep it in place.',
        features: ['Hard enamel with gold-tone edges', 'Two rubber clutches', 'Illustrated backing card'],
        specs: { Material: 'Hard enamel on iron', Size: '30 mm' },
      },
      {
        name: 'Kingston Hoop Earrings',
        sku: 'KHE',
        art: { kind: 'hoop-earrings' },
        price: 4500,
        sale: 3600,
        colors: ['Gold', 'Silver'],
        description: 'Light, everyday hoops with a polished finish. Hypoallergenic posts for sensitive ears.',
        features: ['Lightweight hollow hoops', 'Hypoallergenic posts', 'Hinged snap closure'],
        specs: { Material: 'Plated stainless steel', Diameter: '40 mm' },
      },
    ],
  },
  {
    category: 'sandals',
    sizes: sandalSizes,
    specs: { Fit: 'True to size; half sizes go up', Care: 'Rinse with fresh water after the beach' },
    products: [
      {
        name: "Doctor's Cave Slide",
        sku: 'DCS',
        art: { kind: 'slide' },
        price: 7500,
        wholesale: 5600,
        featured: true,
        colors: ['Black', 'Red', 'White'],
        description:
          'A soft, cushioned slide for the beach, the pool and the walk home. The moulded footbed cradles your arch and drains fast.',
        features: ['Moulded cushioned footbed', 'Wide padded strap', 'Quick-drain texture', 'Lightweight and waterproof'],
        specs: { Material: 'EVA foam', Sole: 'Textured EVA' },
      },
      {
        name: 'Lime Cay Flip-Flop',
        sku: 'LCY',
        art: { kind: 'flip-flop' },
        price: 7000,
        colors: ['Navy', 'Yellow'],
        description:
          'A comfortable flip-flop with a soft toe post that does not rub. The natural rubber sole grips wet decks and boat ramps.',
        features: ['Soft toe post', 'Natural rubber sole', 'Contoured footbed'],
        specs: { Material: 'Natural rubber', Sole: 'Rubber with wet-grip texture' },
      },
      {
        name: 'Rio Grande Sport Sandal',
        sku: 'RGS',
        art: { kind: 'sport-sandal' },
        price: 11900,
        sale: 9500,
        wholesale: 8900,
        colors: ['Green', 'Black'],
        description:
          'A strapped sport sandal made for rafting the Rio Grande and scrambling up river banks. Three adjustable straps hold your foot firmly, even in the current.',
        features: ['Three adjustable hook-and-loop straps', 'Grippy river-ready outsole', 'Quick-dry webbing', 'Padded heel strap'],
        specs: { Material: 'Polyester webbing', Sole: 'Rubber with 3 mm lugs' },
      },
      {
        name: 'Boston Bay Strap Sandal',
        sku: 'BBS',
        art: { kind: 'sport-sandal' },
        price: 9800,
        colors: ['Tan', 'Grey'],
        description:
          'A relaxed strap sandal for jerk-stand road trips and easy walks. Leather-look straps over a cushioned cork-style footbed.',
        features: ['Cushioned footbed', 'Adjustable buckles', 'Vegan leather straps'],
        specs: { Material: 'Vegan leather', Sole: 'Rubber' },
      },
      {
        name: 'Hellshire Beach Slide',
        sku: 'HBS',
        art: { kind: 'slide' },
        price: 8200,
        colors: ['Teal', 'Sand'],
        description:
          'A chunkier slide with a thick, bouncy sole for Sunday fish-and-festival runs to Hellshire. Gets softer the more you wear it.',
        features: ['Extra-thick cushioned sole', 'Contoured strap', 'Waterproof'],
        specs: { Material: 'EVA foam', Sole: '35 mm EVA platform' },
      },
    ],
  },
  {
    category: 'dress-shoes',
    sizes: adultShoeSizes,
    specs: { Fit: 'True to size', Care: 'Polish regularly; use shoe trees' },
    products: [
      {
        name: 'Uptown Oxford',
        sku: 'UOX',
        art: { kind: 'oxford' },
        price: 19500,
        wholesale: 14600,
        colors: ['Black', 'Brown'],
        description:
          'A sleek cap-toe oxford for the office in New Kingston and every wedding in between. Full-grain leather and a leather sole with a rubber heel.',
        features: ['Full-grain leather upper', 'Closed lacing', 'Leather sole with rubber heel', 'Cushioned leather insole'],
        specs: { Upper: 'Full-grain calf leather', Sole: 'Leather with rubber heel', Construction: 'Blake stitched' },
      },
      {
        name: 'Devon House Loafer',
        sku: 'DHL',
        art: { kind: 'loafer' },
        price: 16900,
        sale: 13900,
        featured: true,
        colors: ['Tan', 'Burgundy', 'Black'],
        description:
          'A classic penny loafer that looks as good with linen trousers as with a suit. Soft leather and a flexible sole make it comfortable all day.',
        features: ['Hand-sewn moc toe', 'Penny-keeper strap', 'Flexible leather sole', 'Padded heel lining'],
        specs: { Upper: 'Calf leather', Sole: 'Leather', Construction: 'Hand-sewn moccasin' },
      },
      {
        name: 'Kings House Brogue',
        sku: 'KHB',
        art: { kind: 'brogue' },
        price: 22500,
        colors: ['Brown', 'Tan'],
        description:
          'A full brogue with traditional punched detailing, built on a Goodyear welt so it can be resoled for years. Hand-burnished for a rich, deep colour.',
        features: ['Traditional brogue punching', 'Goodyear-welted construction', 'Hand-burnished finish', 'Resoleable'],
        specs: { Upper: 'Burnished calf leather', Sole: 'Leather', Construction: 'Goodyear welted' },
      },
      {
        name: 'Liguanea Chelsea Boot',
        sku: 'LCB',
        art: { kind: 'chelsea-boot' },
        price: 26900,
        wholesale: 20200,
        colors: ['Brown', 'Black'],
        description:
          'A smart Chelsea boot in water-resistant suede with elastic sides and a pull tab. Dresses up jeans and sharpens a suit.',
        features: ['Water-resistant suede', 'Elastic side gussets', 'Back pull tab', 'Stacked leather heel'],
        specs: { Upper: 'Treated suede', Sole: 'Leather with rubber inserts', Shaft: '14 cm' },
      },
      {
        name: 'Sunday Best Oxford',
        sku: 'SBO',
        art: { kind: 'oxford' },
        price: 14500,
        sale: 11900,
        colors: ['Black', 'Navy'],
        description:
          'A polished oxford at an easy price, made for church, graduations and the first job interview. A cushioned insole keeps it comfortable through the long service.',
        features: ['Polished leather upper', 'Cushioned insole', 'Durable rubber sole'],
        specs: { Upper: 'Polished leather', Sole: 'Rubber', Construction: 'Cemented' },
      },
    ],
  },
  {
    category: 'kids-footwear',
    sizes: kidsShoeSizes,
    specs: { Fit: "Allow a thumb's width for growing room", Care: 'Wipe clean' },
    products: [
      {
        name: "Lil' Runner",
        sku: 'LRN',
        art: { kind: 'kids-sneaker' },
        price: 6500,
        wholesale: 4900,
        featured: true,
        colors: ['Blue', 'Pink', 'Red'],
        description:
          'A bouncy little sneaker with hook-and-loop straps that small hands can manage. The sturdy toe cap survives playground football.',
        features: ['Easy hook-and-loop straps', 'Reinforced toe cap', 'Flexible non-marking sole', 'Removable insole'],
        specs: { Upper: 'Synthetic leather and mesh', Sole: 'Non-marking rubber' },
      },
      {
        name: 'Playground Strap Sneaker',
        sku: 'PSS',
        art: { kind: 'kids-sneaker' },
        price: 5800,
        sale: 4600,
        colors: ['Green', 'Yellow'],
        description:
          'Bright, tough and easy to put on, for school mornings that run late. A padded collar keeps little ankles comfortable.',
        features: ['Two-strap closure', 'Padded collar', 'Grippy outsole'],
        specs: { Upper: 'Canvas', Sole: 'Rubber' },
      },
      {
        name: 'Splash Kids Sandal',
        sku: 'SKS',
        art: { kind: 'kids-sandal' },
        price: 3900,
        colors: ['Pink', 'Blue'],
        description: 'A secure, strapped sandal for rock pools and splash pads. Closed straps and a grippy sole keep little feet steady.',
        features: ['Adjustable straps', 'Quick-dry materials', 'Grippy sole'],
        specs: { Upper: 'Polyester webbing', Sole: 'EVA with rubber pods' },
      },
      {
        name: 'Puddle Jumper Rain Boot',
        sku: 'PJR',
        art: { kind: 'rain-boot' },
        price: 4800,
        colors: ['Yellow', 'Red'],
        description: 'A cheerful rubber boot with a smiley badge for rainy-season school runs. Pull handles make it easy to get on alone.',
        features: ['Waterproof natural rubber', 'Easy-on pull handles', 'Smiley badge', 'Chunky tread'],
        specs: { Upper: 'Natural rubber', Sole: 'Rubber with deep tread' },
      },
      {
        name: 'Mini Court Classic',
        sku: 'MCC',
        art: { kind: 'court' },
        price: 7200,
        colors: ['White', 'Navy'],
        description: 'Our Half Way Tree court shoe, made small. Real laces for big kids who want to look like the grown-ups.',
        features: ['Smooth synthetic upper', 'Stitched cupsole', 'Cushioned footbed'],
        specs: { Upper: 'Synthetic leather', Sole: 'Rubber cupsole' },
      },
    ],
  },
  {
    category: 'kids-clothing',
    sizes: kidsClothingSizes,
    specs: { Care: 'Machine wash warm; tumble dry low', Fit: 'Regular fit with room to grow' },
    products: [
      {
        name: 'Little Star Tee',
        sku: 'LSK',
        art: { kind: 'kids-tee', motif: 'star' },
        price: 2200,
        wholesale: 1600,
        colors: ['Yellow', 'Sky'],
        description: 'A soft cotton tee with a smiling star for small people with big personalities. Tagless, so nothing scratches.',
        features: ['Tagless neck label', 'Soft combed cotton', 'Smiling star print'],
        specs: { Material: '100% combed cotton' },
      },
      {
        name: 'Kids Doctor Bird Tee',
        sku: 'KDB',
        art: { kind: 'kids-tee', motif: 'bird' },
        price: 2500,
        featured: true,
        colors: ['Green', 'White'],
        description: 'Our best-selling Doctor Bird print, sized down for the little ones. Organic cotton that is gentle on sensitive skin.',
        features: ['Organic cotton', 'Water-based inks', 'Tagless neck label'],
        specs: { Material: '100% organic cotton', Print: 'Water-based screen print' },
      },
      {
        name: 'Little Wave Tee',
        sku: 'LWT',
        art: { kind: 'kids-tee', motif: 'wave' },
        price: 2400,
        colors: ['Sky', 'White'],
        description: 'A breezy tee with a big blue wave for beach days and surf-school dreams. Lightweight cotton keeps them cool.',
        features: ['Lightweight cotton', 'Wave print', 'Reinforced neck seam'],
        specs: { Material: '100% cotton' },
      },
      {
        name: 'Beach Day Shorts',
        sku: 'BDS',
        art: { kind: 'kids-shorts', motif: 'sun' },
        price: 2800,
        sale: 2200,
        colors: ['Navy', 'Coral'],
        description:
          'Quick-dry shorts that go from sandcastles to sea and back. An elastic waist with a drawcord keeps them up through every cartwheel.',
        features: ['Quick-dry fabric', 'Elastic waist with drawcord', 'Sunset patch', 'Mesh lining'],
        specs: { Material: '100% recycled polyester' },
      },
      {
        name: 'Mini Explorer Shorts',
        sku: 'MES',
        art: { kind: 'kids-shorts', motif: 'mountain' },
        price: 3200,
        colors: ['Olive', 'Sand'],
        description:
          'Tough cotton twill shorts with a mountain badge and deep pockets for treasures found on the trail. Reinforced seams stand up to climbing anything in sight.',
        features: ['Durable cotton twill', 'Deep front pockets', 'Mountain badge'],
        specs: { Material: '100% cotton twill' },
      },
    ],
  },
];

function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Spreads products over the ~120 days before the epoch; 37 is coprime with 120, so no two share a day. */
function daysAgo(index: number): number {
  return (index * 37) % 120;
}

export const catalogueProducts: readonly CatalogueProduct[] = groups
  .flatMap((group) => group.products.map((draft) => ({ group, draft })))
  .map(({ group, draft }, index): CatalogueProduct => {
    const age = daysAgo(index);
    const created = new Date(Date.parse(catalogueEpoch) - age * dayMs - ((index * 7) % 24) * 60 * 60 * 1000);
    const firstColor = draft.colors[0];
    return {
      slug: slugify(draft.name),
      name: draft.name,
      categorySlug: group.category,
      description: draft.description,
      price: jmd(draft.price),
      salePrice: draft.sale === undefined ? null : jmd(draft.sale),
      wholesalePrice: draft.wholesale === undefined ? null : jmd(draft.wholesale),
      isNewArrival: age < newArrivalDays,
      isFeatured: draft.featured === true,
      features: draft.features,
      // The product's own specifications come first and win over the category's shared ones.
      specifications: {
        ...draft.specs,
        ...Object.fromEntries(Object.entries(group.specs).filter(([key]) => !(key in draft.specs))),
      },
      art: draft.art,
      colors: draft.colors,
      sizes: draft.sizes === undefined ? group.sizes : draft.sizes,
      artColor: draft.artColor ?? firstColor ?? 'Grey',
      skuCode: draft.sku,
      imageCount: 2 + (index % 3),
      soldOut: draft.soldOut === true,
      createdAt: created.toISOString(),
    };
  });

/** Gallery images: each shows the next view, cycling through the product's colours. */
export function productImages(product: CatalogueProduct): CatalogueImage[] {
  return Array.from({ length: product.imageCount }, (_, position) => {
    const color = product.colors[position % Math.max(product.colors.length, 1)] ?? product.artColor;
    const view = artViewLabel(product.art, position);
    return {
      path: `products/${product.slug}-${position + 1}`,
      altText: product.colors.length > 0 ? `${product.name} in ${color}, ${view}` : `${product.name}, ${view}`,
      color,
      view: position,
      position,
    };
  });
}

/** Small, fast, seedable PRNG (mulberry32), so stock levels are the same on every seed. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeds each product's PRNG from its SKU code, so reordering the catalogue keeps stock levels. */
function hashCode(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mostly healthy stock, with enough sold-out and low-stock variants to show those states. */
function stockLevel(random: () => number): number {
  const roll = random();
  if (roll < 0.1) return 0;
  if (roll < 0.22) return 1 + Math.floor(random() * 5);
  return 6 + Math.floor(random() * 35);
}

function sizeCode(size: string): string {
  return size === 'One Size' ? 'OS' : size.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

/** Size × colour variants, grouped by colour with sizes ascending; one bare variant without options. */
export function productVariants(product: CatalogueProduct): CatalogueVariant[] {
  const random = mulberry32(hashCode(product.skuCode));
  const colors: (ColorName | null)[] = product.colors.length > 0 ? product.colors : [null];
  const sizes: (string | null)[] = product.sizes ? [...product.sizes] : [null];
  return colors.flatMap((color, colorIndex) =>
    sizes.map((size, sizeIndex) => {
      const stock = stockLevel(random);
      const parts = [product.skuCode];
      if (color) parts.push(colorSwatches[color].code);
      if (size) parts.push(sizeCode(size));
      return {
        sku: parts.join('-'),
        size,
        color,
        stock: product.soldOut ? 0 : stock,
        position: colorIndex * sizes.length + sizeIndex,
      };
    }),
  );
}

export const cataloguePromoCodes: readonly CataloguePromoCode[] = [
  {
    code: 'WELCOME20',
    description: '20% off your first order',
    kind: 'percent',
    value: 20,
    minSubtotal: 0,
    startsAt: null,
    endsAt: null,
    perCustomerLimit: 1,
    firstOrderOnly: true,
    isActive: true,
    createdAt: '2026-07-01T12:00:00.000Z',
  },
  {
    code: 'ISLAND500',
    description: 'J$500 off orders of J$5,000 or more',
    kind: 'fixed',
    value: jmd(500),
    minSubtotal: jmd(5000),
    startsAt: null,
    endsAt: null,
    perCustomerLimit: null,
    firstOrderOnly: false,
    isActive: true,
    createdAt: '2026-07-01T12:00:00.000Z',
  },
  {
    code: 'SUMMER2025',
    description: '15% off the summer 2025 collection',
    kind: 'percent',
    value: 15,
    minSubtotal: 0,
    startsAt: '2025-06-01T00:00:00.000Z',
    endsAt: '2025-08-31T23:59:59.000Z',
    perCustomerLimit: null,
    firstOrderOnly: false,
    isActive: true,
    createdAt: '2025-05-20T12:00:00.000Z',
  },
];
