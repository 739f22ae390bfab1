import {
  listedProductSchema,
  type Category,
  type ListedProduct,
  type Product,
  type ProductDetailResponse,
  type ShopResponse,
} from '@threadline/contracts';

/** A product as the API sends it; each test overrides what it is about. */
export function productFixture(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? 1;
  return {
    id,
    name: 'Kingston Runner',
    description: 'Our everyday running shoe, tuned for early laps around Emancipation Park.',
    price: 14500,
    sale_price: null,
    wholesale_price: null,
    is_on_sale: false,
    is_new_arrival: false,
    is_featured: false,
    images: [
      {
        image: `/static/media/products/p${id}-1-640.webp`,
        alt_text: 'Kingston Runner in Black, side view',
        srcset: `/static/media/products/p${id}-1-320.webp 320w, /static/media/products/p${id}-1-640.webp 640w`,
        width: 960,
        height: 960,
        color: 'Black',
      },
    ],
    category: { slug: 'running-sneakers', name: 'Running Sneakers' },
    stock: 40,
    stock_quantity: 40,
    features: [],
    specifications: {},
    rating_average: null,
    rating_count: 0,
    fit_summary: { small: 0, true_to_size: 0, large: 0, verdict: null },
    ...overrides,
  };
}

/** A product as a listing carries it (its card's fields, its first picture), whatever the test made it from. */
export function listedFixture(product: ListedProduct): ListedProduct {
  return listedProductSchema.parse({ ...product, images: product.images.slice(0, 1) });
}

export function categoryFixture(overrides: Partial<Category> & Pick<Category, 'slug' | 'name'>): Category {
  return { id: 1, image: null, product_count: 3, parent: null, children: [], ...overrides };
}

export const shopCategories: Category[] = [
  categoryFixture({ id: 1, slug: 'sneakers', name: 'Sneakers', product_count: 12 }),
  categoryFixture({ id: 2, slug: 'running-sneakers', name: 'Running Sneakers', product_count: 6, parent: 'sneakers' }),
  categoryFixture({ id: 3, slug: 'hats', name: 'Hats', product_count: 10 }),
];

export function shopResponseFixture(products: ListedProduct[], overrides: Partial<ShopResponse> = {}): ShopResponse {
  return {
    count: products.length,
    next: null,
    previous: null,
    results: { products: products.map(listedFixture), categories: shopCategories },
    facets: {
      sizes: [
        { value: '9', count: 4 },
        { value: 'S/M', count: 2 },
      ],
      colors: [
        { value: 'Black', count: 5 },
        { value: 'Green', count: 1 },
      ],
      price: { min: 1500, max: 27500 },
    },
    ...overrides,
  };
}

/**
 * Kingston Runner in sizes 8-10 and Black/Red: size 8 is sold out, 9 Black has 2 left and
 * 10 Red none, so every stock rule has a case.
 */
export function detailFixture(overrides: Partial<ProductDetailResponse> = {}): ProductDetailResponse {
  const detail: ProductDetailResponse = {
    product: productFixture({ stock: 16, stock_quantity: 16 }),
    related_products: [],
    available_variants: {
      Size: [
        { id: 1, value: '8', name: '8', stock: 0 },
        { id: 2, value: '9', name: '9', stock: 8 },
        { id: 3, value: '10', name: '10', stock: 8 },
      ],
      Color: [
        { id: 4, value: 'Black', name: 'Black', stock: 10 },
        { id: 5, value: 'Red', name: 'Red', stock: 6 },
      ],
    },
    variants: [
      { id: 1, size: '8', color: 'Black', stock: 0 },
      { id: 2, size: '8', color: 'Red', stock: 0 },
      { id: 3, size: '9', color: 'Black', stock: 2 },
      { id: 4, size: '9', color: 'Red', stock: 6 },
      { id: 5, size: '10', color: 'Black', stock: 8 },
      { id: 6, size: '10', color: 'Red', stock: 0 },
    ],
    ...overrides,
  };
  return { ...detail, related_products: detail.related_products.map(listedFixture) };
}
