import { MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../app/feedback.ts';
import type { FriendAbilities } from './friend-format.ts';
import { changeLabels, LabelMultiSelect, type LabelKind } from './friend-parts.tsx';
import '../../../app/i18n/parts/friends.ts';

type Action = 'add' | 'remove';
interface Operation {
  kind: LabelKind;
  action: Action;
}

const OPERATIONS: readonly Operation[] = [
  { kind: 'tag', action: 'add' },
  { kind: 'tag', action: 'remove' },
  { kind: 'mark', action: 'add' },
  { kind: 'mark', action: 'remove' },
];

const operationKey = ({ kind, action }: Operation) => `${action}${kind === 'tag' ? 'Tags' : 'Marks'}` as const;

interface BulkLabelActionsProps {
  selectedIds: readonly number[];
  abilities: FriendAbilities;
  onClear: () => void;
}

/** With friends selected in the list: put tags or marks on them, or take them off. */
export function BulkLabelActions({ selectedIds, abilities, onClear }: BulkLabelActionsProps) {
  const { t } = useTranslation();
  const [operation, setOperation] = useState<Operation | null>(null);
  const [labelIds, setLabelIds] = useState<number[]>([]);
  const [running, setRunning] = useState(false);
  const allowed = OPERATIONS.filter(({ kind }) => (kind === 'tag' ? abilities.editTags : abilities.editMarks));
  if (selectedIds.length === 0 || allowed.length === 0) return null;

  const open = (next: Operation) => {
    setLabelIds([]);
    setOperation(next);
  };

  const run = async () => {
    if (!operation || labelIds.length === 0) return;
    setRunning(true);
    try {
      const changed = await changeLabels(operation.kind, operation.action, labelIds, selectedIds);
      feedback.notifySuccess(t(`friends.bulkDone.${operationKey(operation)}`, { count: changed }));
      setOperation(null);
      onClear();
    } catch {
      // The request layer has reported the failure; the dialog stays open to try again.
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <Alert
        type="info"
        style={{ marginBottom: 12 }}
        data-testid="bulk-bar"
        title={
          <Flex gap={8} wrap align="center">
            <Typography.Text strong data-testid="bulk-count">
              {t('friends.selected', { count: selectedIds.length })}
            </Typography.Text>
            {allowed.map((candidate) => (
              <Button
                key={operationKey(candidate)}
                size="small"
                icon={candidate.action === 'add' ? <PlusCircleOutlined /> : <MinusCircleOutlined />}
                onClick={() => open(candidate)}
                data-testid={`bulk-${candidate.action}-${candidate.kind}`}
              >
                {t(`friends.${operationKey(candidate)}`)}
              </Button>
            ))}
            <Button size="small" type="link" onClick={onClear} data-testid="bulk-clear">
              {t('friends.clearSelection')}
            </Button>
          </Flex>
        }
      />
      <Modal
        open={operation !== null}
        title={operation && t(`friends.${operationKey(operation)}`)}
        okText={operation && t(`friends.${operationKey(operation)}`)}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: labelIds.length === 0, loading: running, 'data-testid': 'bulk-ok' }}
        onOk={() => void run()}
        onCancel={() => setOperation(null)}
        destroyOnHidden
      >
        {operation && (
          <Flex vertical gap={8}>
            <Typography.Text>{t('friends.bulkTarget', { count: selectedIds.length })}</Typography.Text>
            <LabelMultiSelect
              kind={operation.kind}
              placeholder={t(operation.kind === 'tag' ? 'friends.chooseTags' : 'friends.chooseMarks')}
              value={labelIds}
              onChange={setLabelIds}
              testId="bulk-label-select"
              style={{ width: '100%' }}
            />
          </Flex>
        )}
      </Modal>
    </>
  );
}
