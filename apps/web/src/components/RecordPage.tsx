import { EditOutlined } from '@ant-design/icons';
import { allows, type Endpoint, type EndpointInput, type idParams } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { Link, useNavigate } from '../app/navigation.tsx';
import type { z } from 'zod';
import { endpointQuery } from '../app/api/queries.ts';
import { areaOf } from '../app/areas.ts';
import { useRouteHandle } from '../app/route-handle.ts';
import { useSession } from '../app/session.ts';
import { ConfirmDeleteButton } from './ConfirmDeleteButton.tsx';
import { LoadState, recordId } from './LoadState.tsx';
import { PageHeader } from './PageHeader.tsx';
import { useRemoveRecord, type RemovableResource } from './useRemoveRecord.ts';

/** An endpoint that reads one record by the `:id` of the address (and the query an admin screen adds). */
type RecordEndpoint<R extends z.ZodType> = Endpoint<typeof idParams, z.ZodType, z.ZodUndefined, R>;

/**
 * Whether the user may change what the screen shows: in the service area, the edit level of the
 * route's feature; the other areas' screens are their users' own.
 */
export function useMayEdit(): boolean {
  const feature = useRouteHandle()?.feature;
  const area = areaOf(useLocation().pathname);
  // The session of the page's area, loaded by its layout (record pages are never public).
  const session = useSession(area === 'public' ? 'service' : area);
  if (!feature || session?.role !== 'service') return true;
  return allows(session.permissions, { feature, level: 'edit' });
}

/** A page of the area: the route's title with a back link and actions, and the content in a card. */
export function ResourcePage({ backTo, extra, children }: { backTo: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <>
      <PageHeader backTo={backTo} extra={extra} />
      <Card>{children}</Card>
    </>
  );
}

interface RecordPageProps<R extends z.ZodType> {
  /** Reads the record of the address's `:id`. */
  endpoint: RecordEndpoint<R>;
  /** The query of the read and the delete (the admin area's acting OEM). */
  query?: object;
  /** The list: the back link, and where a deleted record's page goes. */
  backTo: string;
  /** The record's edit screen, offered to users who may edit. */
  editTo?: (id: number) => string;
  /** Deleting the record (with confirmation), offered to users who may edit. */
  remove?: { resource: RemovableResource; name: (record: z.output<R>) => string; changes?: readonly Endpoint[] };
  /** Further header actions once the record is there (before edit and delete). */
  extra?: (record: z.output<R>) => ReactNode;
  children: (record: z.output<R>) => ReactNode;
}

/**
 * A record's screen: its id from the address, a spinner while it loads, "not found" (with the way
 * back) for a missing record or an invalid id, a retry when it could not be read, and the edit and
 * delete actions for users who may edit.
 */
export function RecordPage<R extends z.ZodType>({
  endpoint,
  query,
  backTo,
  editTo,
  remove,
  extra,
  children,
}: RecordPageProps<R>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayEdit = useMayEdit();
  const id = recordId(useParams().id) ?? 0;
  // The endpoint's query, when it has one, is the caller's `query` (typed by RecordEndpoint as any query).
  const input = (query ? { params: { id }, query } : { params: { id } }) as EndpointInput<RecordEndpoint<R>>;
  const record = useQuery({ ...endpointQuery(endpoint, input), enabled: id > 0 });
  const data = record.data;

  const actions = data && (
    <>
      {extra?.(data)}
      {mayEdit && editTo && (
        <Link to={editTo(id)}>
          <Button type="primary" icon={<EditOutlined />} data-testid="edit-button">
            {t('common.edit')}
          </Button>
        </Link>
      )}
      {mayEdit && remove && (
        <RemoveButton
          id={id}
          name={remove.name(data)}
          resource={remove.resource}
          query={query}
          changes={remove.changes}
          onRemoved={() => navigate(backTo, { replace: true })}
        />
      )}
    </>
  );

  return (
    <ResourcePage backTo={backTo} extra={actions}>
      {data ? (
        children(data)
      ) : (
        <LoadState error={record.error} invalidId={id === 0} backTo={backTo} onRetry={() => void record.refetch()} />
      )}
    </ResourcePage>
  );
}

interface RemoveButtonProps {
  id: number;
  name: string;
  resource: RemovableResource;
  query?: object;
  changes?: readonly Endpoint[];
  onRemoved: () => unknown;
}

function RemoveButton({ id, name, resource, query, changes, onRemoved }: RemoveButtonProps) {
  const removeRecord = useRemoveRecord(resource, changes, query);
  return <ConfirmDeleteButton name={name} onConfirm={() => removeRecord(id, onRemoved)} />;
}
