import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** A change of the address parameters, from the latest ones (written or rendered). */
export type AddressParamsChange = (current: URLSearchParams) => URLSearchParams;

export type UpdateAddressParams = (
  change: AddressParamsChange,
  options?: { replace: boolean },
) => void;

/**
 * The last address written and not rendered yet, with the address it was written over. One
 * address per window, so one for every hook (filters, search box and paging bar compose too).
 */
let pendingWrite: { from: string; search: string } | null = null;

/**
 * The address's query parameters and a functional update that always starts from the latest ones.
 * React Router's `setSearchParams(fn)` hands `fn` the parameters of the last render: a second
 * change made before the first has rendered (a second filter picked within a moment of the first,
 * issue 32) would start from the old address and undo the first. Here a change starts from what
 * the previous one wrote, until the router has rendered it.
 */
export function useAddressParams(): [URLSearchParams, UpdateAddressParams] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const rendered = `${location.key}|${location.search}`;
  const update = useCallback<UpdateAddressParams>(
    (change, options) => {
      const isPending = pendingWrite !== null && pendingWrite.from === rendered;
      const base = new URLSearchParams(isPending ? pendingWrite!.search : params);
      const next = change(base);
      pendingWrite = { from: rendered, search: next.toString() };
      setParams(next, options);
    },
    [params, rendered, setParams],
  );
  return [params, update];
}
