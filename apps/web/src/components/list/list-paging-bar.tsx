import { PagingBar, type PagingBarProps } from './paging-bar';
import { usePageSize } from './use-list-query';

export type ListPagingBarProps = {
  /** The list's figures; undefined while it loads. */
  list: { total: number; pageCount: number } | undefined;
  /** One-based. */
  page: number;
  onPageChange: PagingBarProps['onPageChange'];
};

/**
 * The paging bar under a list of the shared page size (spec §9): absent while the list loads or
 * when it is empty, and a new page size starts the list again at its first page.
 */
export function ListPagingBar({ list, page, onPageChange }: ListPagingBarProps) {
  const [pageSize, setPageSize] = usePageSize();
  if (list === undefined || list.total === 0) {
    return null;
  }
  return (
    <PagingBar
      page={page}
      pageCount={list.pageCount}
      pageSize={pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={(next) => {
        setPageSize(next);
        onPageChange(1);
      }}
    />
  );
}
