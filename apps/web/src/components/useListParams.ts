import { useSearchParams } from 'react-router';
import { nextListParams, readListParams, type ListParamChanges } from '../app/list-params.ts';

export function useListParams<F extends string>(filterNames: readonly F[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = (changes: ListParamChanges<F>) =>
    setSearchParams((params) => nextListParams(params, changes), { replace: true });
  return { ...readListParams(searchParams, filterNames), update };
}
