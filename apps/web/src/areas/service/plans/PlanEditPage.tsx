import { PLAN_TYPES, type PlanType } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { LoadState, recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PlanEditor } from './editor/PlanEditor.tsx';
import { usePlanEditor } from './editor/store.ts';
import { PLANS_PATH } from './paths.ts';
import { planDetailQuery } from './usePlans.ts';

/** /service/plans/create (?plan_type, ?folder_id) and /service/plans/:id/edit: one editor for a new or a saved plan. */
export default function PlanEditPage() {
  const { id } = useParams();
  return id === undefined ? <NewPlan /> : <SavedPlan key={id} id={recordId(id) ?? 0} />;
}

function NewPlan() {
  const [searchParams] = useSearchParams();
  const type: PlanType = PLAN_TYPES.find((value) => value === searchParams.get('plan_type')) ?? 'scenario';
  const folderId = recordId(searchParams.get('folder_id') ?? undefined) ?? null;
  const [ready, setReady] = useState(false);
  useEffect(() => {
    usePlanEditor.getState().begin(type, folderId);
    setReady(true);
  }, [type, folderId]);
  return ready ? <PlanEditor savedSendAt={null} /> : null;
}

function SavedPlan({ id }: { id: number }) {
  const detail = useQuery({ ...planDetailQuery(id), enabled: id > 0 });
  const [loadedAt, setLoadedAt] = useState<number | null>(null);
  const data = detail.data;
  useEffect(() => {
    // Opened once per visit: a refetch in the background must not throw away the user's edits.
    if (!data || loadedAt !== null) return;
    usePlanEditor.getState().load(data);
    setLoadedAt(detail.dataUpdatedAt);
  }, [data, loadedAt, detail.dataUpdatedAt]);
  if (!data || loadedAt === null) {
    return (
      <>
        <PageHeader backTo={PLANS_PATH} />
        <Card>
          <LoadState
            error={detail.error}
            invalidId={id === 0}
            backTo={PLANS_PATH}
            onRetry={() => void detail.refetch()}
          />
        </Card>
      </>
    );
  }
  return <PlanEditor savedSendAt={data.plan.send_at} />;
}
