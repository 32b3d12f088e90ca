import { staffAuthoritiesApi } from '@linq/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/errors.ts';
import { invalidateEndpoints, markEndpointsStale, useEndpointMutation } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';

/**
 * Deletes a staff authority. One still held by users is refused with 409; its message says why and
 * shows as a toast. Resolves true when deleted.
 */
export function useRemoveStaffAuthority() {
  const { t } = useTranslation();
  const remove = useEndpointMutation(staffAuthoritiesApi.remove, { handles: [409] });
  return async (id: number, afterDelete?: () => unknown): Promise<boolean> => {
    try {
      await remove.mutateAsync({ params: { id } });
    } catch (error) {
      if (isApiError(error, 409)) feedback.toastError(error.message);
      return false;
    }
    feedback.notifySuccess(t('common.deleted'));
    await markEndpointsStale(staffAuthoritiesApi.get);
    await invalidateEndpoints(staffAuthoritiesApi.list);
    await afterDelete?.();
    return true;
  };
}
