import { formatUsMediumDateTime } from '@/lib/format';

export const formatDate = (iso: string | null) =>
  iso === null ? '—' : formatUsMediumDateTime(iso);
