import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  moneyAmountOf,
  moneyTextMessage,
  type AdminCategory,
  type AdminProduct,
  type AdminProductCreate,
  type ProductStatus,
} from '@threadline/contracts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { selectClass } from '@/components/ui/field-styles.ts';
import { TextAreaField, TextField } from '@/components/ui/text-field.tsx';
import type { SaveErrors } from '../../field-errors.ts';
import { statusLabels } from '../product-status.ts';

export interface VariantRowValues {
  size: string;
  color: string;
  sku: string;
  stock: string;
}

/** The form as typed: text as entered, turned into the API's body only on save. */
export interface ProductFormValues {
  name: string;
  slug: string;
  description: string;
  category: string;
  status: ProductStatus;
  price: string;
  sale_price: string;
  wholesale_price: string;
  is_new_arrival: boolean;
  is_featured: boolean;
  features: string[];
  specifications: { name: string; value: string }[];
  /** Only when creating: an existing product's variants change one by one. */
  variants: VariantRowValues[];
}

export const productFormFields = [
  'name',
  'slug',
  'description',
  'category',
  'status',
  'price',
  'sale_price',
  'wholesale_price',
  'is_new_arrival',
  'is_featured',
  'features',
  'specifications',
  'variants',
] as const;

export const emptyProductForm = (): ProductFormValues => ({
  name: '',
  slug: '',
  description: '',
  category: '',
  status: 'draft',
  price: '',
  sale_price: '',
  wholesale_price: '',
  is_new_arrival: false,
  is_featured: false,
  features: [],
  specifications: [],
  variants: [{ size: '', color: '', sku: '', stock: '0' }],
});

export const productFormOf = (product: AdminProduct): ProductFormValues => ({
  name: product.name,
  slug: product.slug,
  description: product.description,
  category: String(product.category.id),
  status: product.status,
  price: String(product.price),
  sale_price: product.sale_price === null ? '' : String(product.sale_price),
  wholesale_price: product.wholesale_price === null ? '' : String(product.wholesale_price),
  is_new_arrival: product.is_new_arrival,
  is_featured: product.is_featured,
  features: product.features,
  specifications: Object.entries(product.specifications).map(([name, value]) => ({ name, value })),
  variants: [],
});

/** A money field as typed, read as the catalogue import reads its cells: blank is none. */
function readAmount(text: string): { amount: number | null } | { error: string } {
  if (text.trim() === '') return { amount: null };
  const amount = moneyAmountOf(text);
  return amount === null ? { error: moneyTextMessage } : { amount };
}

const moneyFields = ['price', 'sale_price', 'wholesale_price'] as const;

/**
 * The body of a create (and, without its variants, of a save): numbers from the typed text. A
 * price that is not an amount is never sent as nothing: each such field gets its message instead.
 */
export function readProductForm(
  values: ProductFormValues,
): { body: AdminProductCreate; errors: null } | { body: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const amounts: Record<(typeof moneyFields)[number], number | null> = { price: null, sale_price: null, wholesale_price: null };
  for (const field of moneyFields) {
    const read = readAmount(values[field]);
    if ('error' in read) errors[field] = read.error;
    else amounts[field] = read.amount;
  }
  if (!errors.price && amounts.price === null) errors.price = 'Enter the price, like 3900 or 3,900.50.';
  if (Object.keys(errors).length > 0) return { body: null, errors };
  return {
    errors: null,
    body: {
      name: values.name,
      ...(values.slug.trim() === '' ? {} : { slug: values.slug.trim() }),
      description: values.description,
      category: Number(values.category),
      status: values.status,
      price: amounts.price ?? 0,
      sale_price: amounts.sale_price,
      wholesale_price: amounts.wholesale_price,
      is_new_arrival: values.is_new_arrival,
      is_featured: values.is_featured,
      features: values.features.map((feature) => feature.trim()).filter((feature) => feature !== ''),
      specifications: Object.fromEntries(
        values.specifications.filter((row) => row.name.trim() !== '').map((row) => [row.name.trim(), row.value]),
      ),
      variants: values.variants.map((row) => ({ size: row.size, color: row.color, sku: row.sku, stock: Number(row.stock) })),
    },
  };
}

const checkboxClass = 'size-5 rounded border-stone-400 text-stone-900 focus-visible:ring-2 focus-visible:ring-brand-600';
const smallButton =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-sm font-medium ring-1 ring-inset ring-stone-300 hover:bg-stone-100';
const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-stone-600 hover:bg-red-50 hover:text-red-700';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:p-6">
      <legend className="sr-only">{title}</legend>
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </fieldset>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

interface ProductFormProps {
  values: ProductFormValues;
  onChange(values: ProductFormValues): void;
  categories: AdminCategory[];
  errors: SaveErrors;
  saving: boolean;
  submitLabel: string;
  onSubmit(): void;
  /** Creating: variants are rows of the form. Editing: the variants table stands apart. */
  withVariants: boolean;
}

/** Every SPEC §3 field of a product plus status, wholesale price, features and specifications. */
export function ProductForm({ values, onChange, categories, errors, saving, submitLabel, onSubmit, withVariants }: ProductFormProps) {
  const [featureDraft, setFeatureDraft] = useState('');
  const set = <Key extends keyof ProductFormValues>(key: Key, value: ProductFormValues[Key]) => onChange({ ...values, [key]: value });
  const fieldError = (name: string) => errors.fields[name];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const addFeature = () => {
    if (featureDraft.trim() === '') return;
    set('features', [...values.features, featureDraft.trim()]);
    setFeatureDraft('');
  };
  const setVariant = (index: number, change: Partial<VariantRowValues>) =>
    set(
      'variants',
      values.variants.map((row, position) => (position === index ? { ...row, ...change } : row)),
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {errors.general ? <ErrorBox>{errors.general}</ErrorBox> : null}
      <Section title="Product">
        <TextField
          label="Name"
          required
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={fieldError('name')}
          maxLength={200}
        />
        <TextField
          label="Slug"
          hint={withVariants ? '(optional: made from the name)' : undefined}
          value={values.slug}
          onChange={(event) => set('slug', event.currentTarget.value)}
          error={fieldError('slug')}
          maxLength={120}
        />
        <TextAreaField
          label="Description"
          rows={5}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={fieldError('description')}
          maxLength={5000}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="product-category" className="mb-1.5 block text-sm font-medium text-stone-800">
              Category
            </label>
            <select
              id="product-category"
              required
              className={`${selectClass} w-full`}
              value={values.category}
              onChange={(event) => set('category', event.currentTarget.value)}
              aria-invalid={fieldError('category') ? true : undefined}
              aria-describedby={fieldError('category') ? 'product-category-error' : undefined}
            >
              <option value="">Choose a category</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.parent === null ? category.name : `— ${category.name}`}
                </option>
              ))}
            </select>
            <FieldError id="product-category-error" message={fieldError('category')} />
          </div>
          <div>
            <label htmlFor="product-status" className="mb-1.5 block text-sm font-medium text-stone-800">
              Status
            </label>
            <select
              id="product-status"
              className={`${selectClass} w-full`}
              value={values.status}
              onChange={(event) => set('status', event.currentTarget.value as ProductStatus)}
            >
              {(Object.keys(statusLabels) as ProductStatus[]).map((status) => (
                <option key={status} value={status}>
                  {statusLabels[status]}
                </option>
              ))}
            </select>
            <p className="mt-1.5 text-sm text-stone-500">Only active products are in the shop.</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={values.is_new_arrival}
              onChange={(event) => set('is_new_arrival', event.currentTarget.checked)}
            />
            New arrival
          </label>
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={values.is_featured}
              onChange={(event) => set('is_featured', event.currentTarget.checked)}
            />
            Featured on the home page
          </label>
        </div>
      </Section>

      <Section title="Prices (JMD)">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Price"
            required
            inputMode="decimal"
            value={values.price}
            onChange={(event) => set('price', event.currentTarget.value)}
            error={fieldError('price')}
          />
          <TextField
            label="Sale price"
            hint="(optional)"
            inputMode="decimal"
            value={values.sale_price}
            onChange={(event) => set('sale_price', event.currentTarget.value)}
            error={fieldError('sale_price')}
          />
          <TextField
            label="Wholesale price"
            hint="(optional)"
            inputMode="decimal"
            value={values.wholesale_price}
            onChange={(event) => set('wholesale_price', event.currentTarget.value)}
            error={fieldError('wholesale_price')}
          />
        </div>
      </Section>

      <Section title="Features">
        {values.features.length === 0 ? <p className="text-sm text-stone-600">No features yet.</p> : null}
        <ul className="space-y-2">
          {values.features.map((feature, index) => (
            <li key={`${index}-${feature}`} className="flex items-center gap-2">
              <span className="min-w-0 flex-1 rounded-xl bg-stone-100 px-4 py-2.5 text-sm break-words">{feature}</span>
              <button
                type="button"
                className={iconButton}
                aria-label={`Remove feature ${feature}`}
                onClick={() =>
                  set(
                    'features',
                    values.features.filter((_, position) => position !== index),
                  )
                }
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        <div className="flex items-end gap-2">
          <TextField
            label="New feature"
            className="min-w-0 flex-1"
            value={featureDraft}
            maxLength={200}
            onChange={(event) => setFeatureDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addFeature();
              }
            }}
            error={fieldError('features')}
          />
          <button type="button" className={smallButton} onClick={addFeature}>
            <Plus className="size-4" aria-hidden="true" /> Add
          </button>
        </div>
      </Section>

      <Section title="Specifications">
        {values.specifications.length === 0 ? (
          <p className="text-sm text-stone-600">No specifications yet, e.g. Material: Cotton.</p>
        ) : null}
        <ul className="space-y-3">
          {values.specifications.map((row, index) => (
            <li key={index} className="flex items-end gap-2">
              <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-2">
                <TextField
                  label={`Specification ${index + 1} name`}
                  value={row.name}
                  maxLength={80}
                  onChange={(event) =>
                    set(
                      'specifications',
                      values.specifications.map((entry, position) =>
                        position === index ? { ...entry, name: event.currentTarget.value } : entry,
                      ),
                    )
                  }
                />
                <TextField
                  label={`Specification ${index + 1} value`}
                  value={row.value}
                  maxLength={300}
                  onChange={(event) =>
                    set(
                      'specifications',
                      values.specifications.map((entry, position) =>
                        position === index ? { ...entry, value: event.currentTarget.value } : entry,
                      ),
                    )
                  }
                />
              </div>
              <button
                type="button"
                className={iconButton}
                aria-label={`Remove specification ${index + 1}`}
                onClick={() =>
                  set(
                    'specifications',
                    values.specifications.filter((_, position) => position !== index),
                  )
                }
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        <FieldError id="product-specifications-error" message={fieldError('specifications')} />
        <button
          type="button"
          className={smallButton}
          onClick={() => set('specifications', [...values.specifications, { name: '', value: '' }])}
        >
          <Plus className="size-4" aria-hidden="true" /> Add specification
        </button>
      </Section>

      {withVariants ? (
        <Section title="Variants">
          <p className="text-sm text-stone-600">
            Each size and colour you sell, with its own SKU and the units you have. Leave size or colour empty when the product does not
            come in them.
          </p>
          <FieldError id="product-variants-error" message={fieldError('variants')} />
          <ul className="space-y-4">
            {values.variants.map((row, index) => (
              <li key={index} className="flex items-end gap-2 border-t border-stone-100 pt-4 first:border-0 first:pt-0">
                <div className="grid min-w-0 flex-1 grid-cols-2 gap-2 md:grid-cols-4">
                  <TextField
                    label={`Variant ${index + 1} size`}
                    value={row.size}
                    maxLength={40}
                    onChange={(event) => setVariant(index, { size: event.currentTarget.value })}
                    error={fieldError(`variants.${index}.size`)}
                  />
                  <TextField
                    label={`Variant ${index + 1} colour`}
                    value={row.color}
                    maxLength={40}
                    onChange={(event) => setVariant(index, { color: event.currentTarget.value })}
                    error={fieldError(`variants.${index}.color`)}
                  />
                  <TextField
                    label={`Variant ${index + 1} SKU`}
                    required
                    value={row.sku}
                    maxLength={80}
                    onChange={(event) => setVariant(index, { sku: event.currentTarget.value })}
                    error={fieldError(`variants.${index}.sku`)}
                  />
                  <TextField
                    label={`Variant ${index + 1} stock`}
                    inputMode="numeric"
                    value={row.stock}
                    onChange={(event) => setVariant(index, { stock: event.currentTarget.value })}
                    error={fieldError(`variants.${index}.stock`)}
                  />
                </div>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Remove variant ${index + 1}`}
                  disabled={values.variants.length === 1}
                  onClick={() =>
                    set(
                      'variants',
                      values.variants.filter((_, position) => position !== index),
                    )
                  }
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={smallButton}
            onClick={() => set('variants', [...values.variants, { size: '', color: '', sku: '', stock: '0' }])}
          >
            <Plus className="size-4" aria-hidden="true" /> Add variant
          </button>
        </Section>
      ) : null}

      <div className="flex justify-end">
        <button type="submit" className={buttonClass('primary')} disabled={saving}>
          {saving ? 'Saving...' : submitLabel}
        </button>
      </div>
    </form>
  );
}
