import { ImageOff, Plus, Search } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  adminProductSorts,
  formatMoney,
  shopCurrency,
  type AdminProductListItem,
  type AdminProductSort,
  type ProductStatus,
} from '@threadline/contracts';
import { Badge } from '@/components/ui/badge.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { selectClass } from '@/components/ui/field-styles.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { useAdminList, useListFilter } from '../../hooks/use-admin-list.ts';
import { useAdminCategories } from '../../categories/api/get-admin-categories.ts';
import { statusLabels, statusTones } from '../product-status.ts';
import { AdminTable, adminTableHeadClass } from '../../components/admin-table.tsx';

/** JMD as the whole shop writes it: 'J$3,900.00', never a bare '$' (spec deviation 49). */
const jmd = { format: (amount: number) => formatMoney(amount, shopCurrency) };
const sortLabels: Record<AdminProductSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name A–Z',
  price_low: 'Price, low to high',
  price_high: 'Price, high to low',
};

function FilterSelect({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  const [value, setValue] = useListFilter(name);
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
      {label}
      <select className={`${selectClass} w-full`} value={value} onChange={(event) => setValue(event.currentTarget.value)}>
        {children}
      </select>
    </label>
  );
}

function SearchBox() {
  const [search, setSearch] = useListFilter('search');
  const [draft, setDraft] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
  };
  return (
    <search className="sm:col-span-2 lg:col-span-2">
      <form onSubmit={submit} className="flex gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
          Search
          <input
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            placeholder="Name, words or an exact SKU"
            maxLength={200}
            className="h-11 rounded-xl border-0 bg-white px-3.5 text-base text-stone-900 ring-1 ring-stone-300 ring-inset placeholder:text-stone-500 focus:ring-2 focus:ring-brand-600 sm:text-sm"
          />
        </label>
        <button
          type="submit"
          className="mt-auto inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-stone-900 text-white hover:bg-stone-700"
          aria-label="Search products"
        >
          <Search className="size-4" aria-hidden="true" />
        </button>
      </form>
    </search>
  );
}

function StockCell({ product }: { product: AdminProductListItem }) {
  return (
    <div className="flex flex-col items-end gap-1">
      <span className="tabular-nums">{product.stock}</span>
      {product.out_variants > 0 ? <Badge tone="danger">{product.out_variants} sold out</Badge> : null}
      {product.low_variants > 0 ? <Badge tone="amber">{product.low_variants} low</Badge> : null}
    </div>
  );
}

/** /admin/products, the back office's home: every product, filtered, sorted and paged on the server by the URL. */
export function ProductsPage() {
  const list = useAdminList<AdminProductListItem>('/admin/products/');
  const categories = useAdminCategories();
  const [search] = useListFilter('search');
  const [searchParams] = useSearchParams();
  const filtered = ['search', 'category', 'status', 'stock'].some((name) => searchParams.has(name));

  return (
    <AdminPage
      title="Products"
      actions={
        <Link to="/admin/products/new" className={buttonClass('primary')}>
          <Plus className="size-4" aria-hidden="true" /> New product
        </Link>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <SearchBox key={search} />
        <FilterSelect label="Category" name="category">
          <option value="">All categories</option>
          {(categories.data?.results ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {category.parent === null ? category.name : `— ${category.name}`}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Status" name="status">
          <option value="">Every status</option>
          {(Object.keys(statusLabels) as ProductStatus[]).map((status) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Stock" name="stock">
          <option value="">Any stock</option>
          <option value="low">Low (a variant with 5 or fewer)</option>
          <option value="out">Sold out (a variant with none)</option>
        </FilterSelect>
        <FilterSelect label="Sort" name="sort">
          {adminProductSorts.map((sort) => (
            <option key={sort} value={sort === 'newest' ? '' : sort}>
              {sortLabels[sort]}
            </option>
          ))}
        </FilterSelect>
      </div>

      {list.isPending ? (
        <ListLoading label="Loading products..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} retry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <ListEmpty>
          {filtered ? (
            <>
              No products match these filters.{' '}
              <Link to="/admin/products" className="font-semibold underline underline-offset-2">
                Show every product
              </Link>
            </>
          ) : (
            <>
              No products yet.{' '}
              <Link to="/admin/products/new" className="font-semibold underline underline-offset-2">
                Create the first one
              </Link>
            </>
          )}
        </ListEmpty>
      ) : (
        <>
          <AdminTable label="Products" minWidthClass="min-w-[42rem]">
            <thead className={adminTableHeadClass}>
              <tr>
                <th scope="col" className="px-4 py-3">
                  Product
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Price
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Stock
                </th>
                <th scope="col" className="px-4 py-3">
                  Category
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {list.data.results.map((product) => (
                <tr key={product.id} className="align-middle">
                  <td className="px-4 py-2">
                    <Link to={`/admin/products/${product.id}`} className="flex min-h-11 items-center gap-3 font-medium hover:underline">
                      {product.thumbnail ? (
                        <img
                          src={product.thumbnail}
                          alt=""
                          width={40}
                          height={40}
                          loading="lazy"
                          className="size-10 shrink-0 rounded-lg bg-stone-100 object-cover"
                        />
                      ) : (
                        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-stone-400">
                          <ImageOff className="size-4" aria-hidden="true" />
                        </span>
                      )}
                      <span className="min-w-0 break-words">{product.name}</span>
                    </Link>
                  </td>
                  <td className="px-4 py-2">
                    <Badge tone={statusTones[product.status]}>{statusLabels[product.status]}</Badge>
                  </td>
                  <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">
                    {product.sale_price === null ? (
                      jmd.format(product.price)
                    ) : (
                      <>
                        <span className="block">{jmd.format(product.sale_price)}</span>
                        <del className="text-xs text-stone-500">{jmd.format(product.price)}</del>
                      </>
                    )}
                  </td>
                  <td className="px-4 py-2 text-right">
                    <StockCell product={product} />
                  </td>
                  <td className="px-4 py-2">{product.category.name}</td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          <Pager list={list.data} />
          {'count_capped' in list.data && list.data.count_capped === true ? (
            <p className="text-sm text-stone-600">More than 10,000 products match: narrow the filters or search to see how many.</p>
          ) : null}
        </>
      )}
    </AdminPage>
  );
}
