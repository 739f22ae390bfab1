import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { AdminCategory } from '@threadline/contracts';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog.tsx';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { selectClass } from '@/components/ui/field-styles.ts';
import { Notice, type NoticeMessage } from '@/components/ui/notice.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { saveErrorsOf, type SaveErrors } from '../../field-errors.ts';
import { useDeleteCategory } from '../api/delete-category.ts';
import { useAdminCategories } from '../api/get-admin-categories.ts';
import { useSaveCategory } from '../api/save-category.ts';

const noErrors: SaveErrors = { fields: {}, general: null };
const rowButton = 'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium hover:bg-stone-100';

interface Editing {
  category: AdminCategory | null;
  name: string;
  slug: string;
  parent: string;
  image: string;
}

function CategoryRow({ category, onEdit, onDelete }: { category: AdminCategory; onEdit(): void; onDelete(): void }) {
  return (
    <div className={`flex flex-wrap items-center justify-between gap-2 py-2 ${category.parent === null ? '' : 'pl-6 sm:pl-10'}`}>
      <div className="min-w-0">
        <p className={category.parent === null ? 'font-semibold' : ''}>{category.name}</p>
        <p className="text-sm text-stone-600">
          /{category.slug} ·{' '}
          <Link to={`/admin/products?category=${category.id}`} className="underline underline-offset-2 hover:text-stone-900">
            {category.product_count} {category.product_count === 1 ? 'product' : 'products'}
          </Link>
        </p>
      </div>
      <div className="flex shrink-0">
        <button type="button" className={rowButton} onClick={onEdit} aria-label={`Edit ${category.name}`}>
          <Pencil className="size-4" aria-hidden="true" /> Edit
        </button>
        <button
          type="button"
          className={`${rowButton} text-red-700 hover:bg-red-50`}
          onClick={onDelete}
          aria-label={`Delete ${category.name}`}
        >
          <Trash2 className="size-4" aria-hidden="true" /> Delete
        </button>
      </div>
    </div>
  );
}

/** /admin/categories: the tree of categories (two levels, as the shop shows them), to add, edit and delete. */
export function CategoriesPage() {
  const categories = useAdminCategories();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<SaveErrors>(noErrors);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const all = categories.data?.results ?? [];
  const topLevel = all.filter((category) => category.parent === null);

  const open = (category: AdminCategory | null) => {
    setErrors(noErrors);
    setEditing({
      category,
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      parent: category?.parent === null || !category ? '' : String(category.parent),
      image: category?.image ?? '',
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const body = {
      name: editing.name,
      parent: editing.parent === '' ? null : Number(editing.parent),
      image: editing.image.trim() === '' ? null : editing.image.trim(),
    };
    const slug = editing.slug.trim();
    save.mutate(
      editing.category
        ? { kind: 'change', id: editing.category.id, body: { ...body, ...(slug === '' ? {} : { slug }) } }
        : { kind: 'add', body: { ...body, ...(slug === '' ? {} : { slug }) } },
      {
        onSuccess: (saved) => {
          setEditing(null);
          setNotice({ tone: 'success', text: `${saved.name} saved.` });
        },
        onError: (error) => setErrors(saveErrorsOf(error, ['name', 'slug', 'parent', 'image'])),
      },
    );
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        setNotice({ tone: 'success', text: `${deleting.name} deleted.` });
      },
      onError: (error) => {
        setDeleting(null);
        setNotice({ tone: 'error', text: error.message });
      },
    });
  };

  return (
    <AdminPage
      title="Categories"
      actions={
        <button type="button" className={buttonClass('primary')} onClick={() => open(null)}>
          <Plus className="size-4" aria-hidden="true" /> Add category
        </button>
      }
    >
      {categories.isPending ? (
        <ListLoading label="Loading categories..." />
      ) : categories.isError ? (
        <LoadFailed error={categories.error} retry={() => void categories.refetch()} />
      ) : all.length === 0 ? (
        <ListEmpty>No categories yet. Add one to file products under.</ListEmpty>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-2xl bg-white px-4 ring-1 ring-stone-200 sm:px-6">
          {topLevel.map((parent) => (
            <li key={parent.id}>
              <CategoryRow category={parent} onEdit={() => open(parent)} onDelete={() => setDeleting(parent)} />
              {all.some((child) => child.parent === parent.id) ? (
                <ul aria-label={`Under ${parent.name}`} className="border-t border-stone-100">
                  {all
                    .filter((child) => child.parent === parent.id)
                    .map((child) => (
                      <li key={child.id}>
                        <CategoryRow category={child} onEdit={() => open(child)} onDelete={() => setDeleting(child)} />
                      </li>
                    ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(next) => !next && setEditing(null)}
        title={editing?.category ? `Edit ${editing.category.name}` : 'Add a category'}
      >
        {editing ? (
          <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
            <DialogBody>
              <div className="space-y-4">
                {errors.general ? <ErrorBox>{errors.general}</ErrorBox> : null}
                <TextField
                  label="Name"
                  required
                  value={editing.name}
                  maxLength={120}
                  onChange={(event) => setEditing({ ...editing, name: event.currentTarget.value })}
                  error={errors.fields.name}
                />
                <TextField
                  label="Slug"
                  hint={editing.category ? undefined : '(optional: made from the name)'}
                  value={editing.slug}
                  maxLength={120}
                  onChange={(event) => setEditing({ ...editing, slug: event.currentTarget.value })}
                  error={errors.fields.slug}
                />
                <div>
                  <label htmlFor="category-parent" className="mb-1.5 block text-sm font-medium text-stone-800">
                    Parent
                  </label>
                  <select
                    id="category-parent"
                    className={`${selectClass} w-full`}
                    value={editing.parent}
                    onChange={(event) => setEditing({ ...editing, parent: event.currentTarget.value })}
                    aria-invalid={errors.fields.parent ? true : undefined}
                    aria-describedby={errors.fields.parent ? 'category-parent-error' : undefined}
                  >
                    <option value="">None (top level)</option>
                    {topLevel
                      .filter((parent) => parent.id !== editing.category?.id)
                      .map((parent) => (
                        <option key={parent.id} value={parent.id}>
                          {parent.name}
                        </option>
                      ))}
                  </select>
                  {errors.fields.parent ? (
                    <p id="category-parent-error" className="mt-1.5 text-sm text-red-700">
                      {errors.fields.parent}
                    </p>
                  ) : null}
                </div>
                <TextField
                  label="Image"
                  hint="(optional: media path, e.g. categories/hats)"
                  value={editing.image}
                  maxLength={300}
                  onChange={(event) => setEditing({ ...editing, image: event.currentTarget.value })}
                  error={errors.fields.image}
                />
              </div>
            </DialogBody>
            <DialogFooter>
              <button type="button" className={buttonClass('secondary')} onClick={() => setEditing(null)}>
                Cancel
              </button>
              <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save category'}
              </button>
            </DialogFooter>
          </form>
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        message="A category with products or categories under it is kept; move those first."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
    </AdminPage>
  );
}
