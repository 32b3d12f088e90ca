import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
} from '@ant-design/icons';
import { Button, Form, Space, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuilder, useIssuesAt } from './builder-context.ts';
import type { ModelPath } from './issues.ts';
import '../../app/i18n/parts/message-builder.ts';

function IssueLines({ messages }: { messages: readonly string[] }) {
  return messages.map((message, index) => (
    <div key={index} data-testid="builder-field-issue">
      {message}
    </div>
  ));
}

/** A labelled field whose issues (by model path) are shown under it, in place of its help text. */
export function Field({
  path,
  label,
  htmlFor,
  help,
  extra,
  children,
}: {
  path: ModelPath;
  label: ReactNode;
  htmlFor?: string;
  help?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const messages = useIssuesAt(path);
  const failing = messages.length > 0;
  return (
    <Form.Item
      label={label}
      htmlFor={htmlFor}
      validateStatus={failing ? 'error' : undefined}
      help={failing ? <IssueLines messages={messages} /> : help}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}

/** The issues about a list or an item as a whole (its count, its buttons), where the list is shown. */
export function PathIssues({ path }: { path: ModelPath }) {
  const messages = useIssuesAt(path);
  if (messages.length === 0) return null;
  return (
    <Typography.Text type="danger" style={{ display: 'block', marginBottom: 8 }}>
      <IssueLines messages={messages} />
    </Typography.Text>
  );
}

function ToolButton({
  icon,
  label,
  onClick,
  disabled,
  danger,
  testId,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  testId: string;
}) {
  const { disabled: builderDisabled } = useBuilder();
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        icon={icon}
        aria-label={label}
        danger={danger}
        disabled={builderDisabled || disabled}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/** Move, duplicate and remove buttons of one list item; `direction` is how the list is laid out for the friend. */
export function ItemToolbar({
  name,
  index,
  count,
  direction,
  onMove,
  onDuplicate,
  onRemove,
  canAdd = true,
  minCount = 1,
}: {
  /** The item's name ("カード2"), for the buttons' accessible names. */
  name: string;
  index: number;
  count: number;
  direction: 'vertical' | 'horizontal';
  onMove: (offset: -1 | 1) => void;
  onDuplicate?: () => void;
  onRemove: () => void;
  canAdd?: boolean;
  minCount?: number;
}) {
  const { t } = useTranslation();
  const horizontal = direction === 'horizontal';
  return (
    <Space size={0} wrap>
      <ToolButton
        icon={horizontal ? <ArrowLeftOutlined /> : <ArrowUpOutlined />}
        label={t(horizontal ? 'messageBuilder.list.moveLeft' : 'messageBuilder.list.moveUp', { name })}
        disabled={index === 0}
        onClick={() => onMove(-1)}
        testId="builder-item-move-earlier"
      />
      <ToolButton
        icon={horizontal ? <ArrowRightOutlined /> : <ArrowDownOutlined />}
        label={t(horizontal ? 'messageBuilder.list.moveRight' : 'messageBuilder.list.moveDown', { name })}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        testId="builder-item-move-later"
      />
      {onDuplicate && (
        <ToolButton
          icon={<CopyOutlined />}
          label={t('messageBuilder.list.duplicate', { name })}
          disabled={!canAdd}
          onClick={onDuplicate}
          testId="builder-item-duplicate"
        />
      )}
      <ToolButton
        icon={<DeleteOutlined />}
        label={t('messageBuilder.list.remove', { name })}
        disabled={count <= minCount}
        danger
        onClick={onRemove}
        testId="builder-item-remove"
      />
    </Space>
  );
}
