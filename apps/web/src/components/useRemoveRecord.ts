import type { Endpoint, EndpointInput, idParams } from '@linq/contract';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../app/api/errors.ts';
import { invalidateEndpoints, markEndpointsStale, useEndpointMutation } from '../app/api/queries.ts';
import { feedback } from '../app/feedback.ts';

/** The endpoints of one resource that a delete touches. */
export interface RemovableResource {
  /** Its query, if any, is the one `useRemoveRecord` is given (the admin area's acting OEM). */
  remove: Endpoint<typeof idParams, z.ZodType, z.ZodUndefined>;
  get: Endpoint;
  list: Endpoint;
}

type RemoveInput = EndpointInput<RemovableResource['remove']>;

/**
 * Deletes a record by id. A 409 (still in use) carries the server's reason, shown as a toast; the
 * detail goes stale and the list reloads, with any other reads the deletion changes (`changes`).
 * Resolves true when deleted.
 */
export function useRemoveRecord(resource: RemovableResource, changes: readonly Endpoint[] = [], query?: object) {
  const { t } = useTranslation();
  const remove = useEndpointMutation(resource.remove, { handles: [409] });
  return async (id: number, afterDelete?: () => unknown): Promise<boolean> => {
    try {
      await remove.mutateAsync((query ? { params: { id }, query } : { params: { id } }) as RemoveInput);
    } catch (error) {
      if (isApiError(error, 409)) feedback.toastError(error.message);
      return false;
    }
    feedback.notifySuccess(t('common.deleted'));
    await markEndpointsStale(resource.get);
    await invalidateEndpoints(resource.list, ...changes);
    await afterDelete?.();
    return true;
  };
}
