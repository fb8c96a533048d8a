import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { isOrganizationNameFree } from '../api/organizations';

export function useNameCheck(
  name: string,
  excludeId?: string,
): 'idle' | 'checking' | 'free' | 'taken' {
  const debounced = useDebouncedValue(name.trim(), 300);
  const [state, setState] = useState<{ name: string; result: 'free' | 'taken' } | null>(null);
  useEffect(() => {
    if (!debounced) {
      return;
    }
    let isCurrent = true;
    isOrganizationNameFree(debounced, excludeId).then(
      (isFree) => isCurrent && setState({ name: debounced, result: isFree ? 'free' : 'taken' }),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [debounced, excludeId]);
  if (!name.trim()) {
    return 'idle';
  }
  return state?.name === name.trim() ? state.result : 'checking';
}
