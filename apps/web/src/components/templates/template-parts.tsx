import { EyeOutlined } from '@ant-design/icons';
import { MESSAGE_TYPES, type BuilderMessage, type MessageType } from '@linq/contract';
import { App, Button, Popover, Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../app/navigation.tsx';
import { MessagePreview } from '../message-builder/index.ts';
import { PageHeader } from '../PageHeader.tsx';
import { listPathOf, type TemplateKind } from './template-kind.ts';
import '../../app/i18n/parts/templates.ts';

/** The address names no message type: a not-found state with a way to the text templates. */
export function UnknownTemplateType({ kind }: { kind: TemplateKind }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <Result
        status="404"
        title={t('templates.unknownType')}
        extra={<Link to={listPathOf(kind, 'text_message')}>{t('templates.toDefaultType')}</Link>}
        data-testid="template-type-not-found"
      />
    </>
  );
}

/** One tab per message type; each tab is its own address. */
export function MessageTypeTabs({ type, onChange }: { type: MessageType; onChange: (type: MessageType) => void }) {
  const { t } = useTranslation();
  return (
    <Tabs
      activeKey={type}
      onChange={(key) => onChange(key as MessageType)}
      aria-label={t('templates.typeTabs')}
      items={MESSAGE_TYPES.map((value) => ({
        key: value,
        label: <span data-testid={`template-type-${value}`}>{t(`templates.types.${value}`)}</span>,
      }))}
      data-testid="template-type-tabs"
    />
  );
}

/** A small button that shows the message as LINE shows it. */
export function PreviewPopover({ name, message, testId }: { name: string; message: BuilderMessage; testId: string }) {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="right"
      destroyOnHidden
      title={name}
      content={
        <div
          style={{ width: 300, maxWidth: '80vw', maxHeight: '70vh', overflow: 'auto' }}
          data-testid={`${testId}-content`}
        >
          <MessagePreview message={message} />
        </div>
      }
    >
      <Button
        size="small"
        icon={<EyeOutlined />}
        aria-label={t('templates.showPreview', { name })}
        title={t('templates.preview')}
        data-testid={testId}
      />
    </Popover>
  );
}

/** A success notification that links to the copy just made. */
export function useCopiedNotice() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  return (title: string, to: string) =>
    notification.success({
      title,
      description: (
        <Link to={to} data-testid="copied-link">
          {t('templates.openCopy')}
        </Link>
      ),
    });
}
