import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createCategoryContract,
  deleteCategoryContract,
  exportCategoriesContract,
  importCategoriesContract,
  previewCategoryImportContract,
  listCategoriesContract,
  updateCategoryContract,
  type ChangeEffect,
  type CreateCategoryBody,
  type ImportCategoriesBody,
  type ListCategoriesQuery,
  type UpdateCategoryBody,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

const categoryKeys = {
  all: [...trainingKeys.all, 'categories'] as const,
  list: (query: ListCategoriesQuery) => [...categoryKeys.all, query] as const,
};

/** One page of a namespace's custom categories with their usage. */
export function useCategories(query: ListCategoriesQuery, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: categoryKeys.list(query),
    queryFn: ({ signal }) => callContract(listCategoriesContract, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: categoryKeys.all });
}

export function useCreateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (body: CreateCategoryBody) => callContract(createCategoryContract, { body }),
    onSettled: invalidate,
  });
}

export function useUpdateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCategoryBody }) =>
      callContract(updateCategoryContract, { params: { id }, body }),
    onSettled: invalidate,
  });
}

/** Deletes a category; `onDeleted` hears what the deletion did to past questions. */
export function useDeleteCategory({
  onDeleted,
}: { onDeleted?: (effect: ChangeEffect) => void } = {}) {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (id: string) => callContract(deleteCategoryContract, { params: { id } }),
    onSuccess: (result) => onDeleted?.(result.effect),
    onSettled: invalidate,
  });
}

/** The namespace's categories as CSV (fetched when the person asks to download them). */
export function useExportCategories() {
  return useMutation({
    mutationFn: (namespaceId: string) =>
      callContract(exportCategoriesContract, { query: { namespaceId } }),
  });
}

/** What importing a CSV would change (each row, the effect on past questions); writes nothing. */
export function usePreviewCategoryImport() {
  return useMutation({
    mutationFn: (body: ImportCategoriesBody) =>
      callContract(previewCategoryImportContract, { body }),
  });
}

/** Imports categories from CSV: all rows or none. */
export function useImportCategories() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (body: ImportCategoriesBody) => callContract(importCategoriesContract, { body }),
    onSettled: invalidate,
  });
}
