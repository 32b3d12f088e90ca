import { adminLineAccountsApi } from '@linq/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/errors.ts';
import { invalidateEndpoints, markEndpointsStale, useEndpointMutation } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';

/**
 * Deletes a LINE account. One that has friends is refused with 409; its message says why and shows
 * as an error notice. Resolves true when deleted.
 */
export function useRemoveLineAccount() {
  const { t } = useTranslation();
  const remove = useEndpointMutation(adminLineAccountsApi.remove, { handles: [409] });
  return async (id: number, afterDelete?: () => unknown): Promise<boolean> => {
    try {
      await remove.mutateAsync({ params: { id } });
    } catch (error) {
      if (isApiError(error, 409)) feedback.toastError(error.message);
      return false;
    }
    feedback.notifySuccess(t('common.deleted'));
    await markEndpointsStale(adminLineAccountsApi.get);
    await invalidateEndpoints(adminLineAccountsApi.list);
    await afterDelete?.();
    return true;
  };
}
