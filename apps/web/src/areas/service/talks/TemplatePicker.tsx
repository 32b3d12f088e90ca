import { FileTextOutlined } from '@ant-design/icons';
import { MESSAGE_TYPES, type MessageType, type TemplateListItem } from '@linq/contract';
import { Button, Col, Empty, Flex, Grid, Input, List, Modal, Row, Select, Tag, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { MessagePreview } from '../../../components/message-builder/index.ts';
import { SERVICE_TEMPLATES } from '../../../components/templates/template-kind.ts';
import { useTemplateList } from '../../../components/templates/useTemplates.ts';
import '../../../app/i18n/parts/templates.ts';

const PAGE_SIZE = 8;
const ALL_TYPES = 'all';

interface TemplatePickerProps {
  disabled: boolean;
  /** Sends the chosen template; resolves true when it was sent (the picker then closes). */
  onSend: (templateId: number) => Promise<boolean>;
}

/** The composer's "template" button: choose one of the channel's templates (filter, search, preview) and send it. */
export function TemplatePicker({ disabled, onSend }: TemplatePickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // On a phone the button is an icon, leaving the width to the input.
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <>
      <Tooltip title={t('templates.picker.title')}>
        <Button
          icon={<FileTextOutlined />}
          aria-label={t('templates.picker.title')}
          disabled={disabled}
          onClick={() => setOpen(true)}
          data-testid="talk-template-open"
        >
          {wide && t('templates.picker.open')}
        </Button>
      </Tooltip>
      {open && <PickerDialog onSend={onSend} onClose={() => setOpen(false)} />}
    </>
  );
}

function PickerDialog({ onSend, onClose }: { onSend: (templateId: number) => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [type, setType] = useState<MessageType | typeof ALL_TYPES>(ALL_TYPES);
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<TemplateListItem | null>(null);
  const [sending, setSending] = useState(false);
  const templates = useTemplateList(SERVICE_TEMPLATES, {
    message_type: type === ALL_TYPES ? undefined : type,
    name: name || undefined,
    page,
    limit: PAGE_SIZE,
  });
  const rows = templates.data?.data ?? [];
  const total = templates.data?.total_item_count ?? 0;

  const send = async () => {
    if (!chosen) return;
    setSending(true);
    try {
      if (await onSend(chosen.id)) onClose();
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={t('templates.picker.title')}
      width={860}
      okText={t('templates.picker.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: chosen === null, 'data-testid': 'talk-template-send' }}
      confirmLoading={sending}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Row gutter={[16, 16]} data-testid="talk-template-picker">
        <Col xs={24} md={13}>
          <Flex vertical gap={8}>
            <Flex gap={8} wrap>
              <Select<MessageType | typeof ALL_TYPES>
                value={type}
                onChange={(value) => {
                  setType(value);
                  setPage(1);
                }}
                options={[
                  { value: ALL_TYPES, label: t('templates.picker.allTypes') },
                  ...MESSAGE_TYPES.map((value) => ({ value, label: t(`templates.types.${value}`) })),
                ]}
                aria-label={t('templates.typeTabs')}
                style={{ width: 160 }}
                data-testid="talk-template-type"
              />
              <Input.Search
                allowClear
                placeholder={t('templates.searchPlaceholder')}
                onSearch={(value) => {
                  setName(value.trim());
                  setPage(1);
                }}
                style={{ flex: 1, minWidth: 160 }}
                data-testid="talk-template-search"
              />
            </Flex>
            <List<TemplateListItem>
              size="small"
              bordered
              dataSource={rows}
              rowKey="id"
              loading={{ spinning: templates.isFetching, delay: SPINNER_DELAY_MS }}
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={name ? t('templates.picker.noMatch') : t('templates.picker.empty')}
                  />
                ),
              }}
              pagination={
                total > PAGE_SIZE && { current: page, pageSize: PAGE_SIZE, total, onChange: setPage, size: 'small' }
              }
              renderItem={(template) => {
                const selected = chosen?.id === template.id;
                return (
                  <List.Item
                    onClick={() => setChosen(template)}
                    style={{ cursor: 'pointer', background: selected ? token.controlItemBgActive : undefined }}
                    data-testid={`talk-template-item-${template.id}`}
                    data-selected={selected}
                  >
                    <Button
                      type="text"
                      aria-pressed={selected}
                      style={{ padding: 0, height: 'auto', textAlign: 'left', whiteSpace: 'normal' }}
                      onClick={() => setChosen(template)}
                    >
                      {template.name}
                    </Button>
                    <Tag style={{ marginInlineEnd: 0 }}>{t(`templates.types.${template.message_type}`)}</Tag>
                  </List.Item>
                );
              }}
            />
          </Flex>
        </Col>
        <Col xs={24} md={11}>
          {chosen ? (
            <Flex vertical gap={8} data-testid="talk-template-preview">
              <Typography.Text strong>{chosen.name}</Typography.Text>
              <div style={{ maxHeight: '55vh', overflow: 'auto' }}>
                <MessagePreview message={chosen.message} />
              </div>
            </Flex>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('templates.picker.choose')} />
          )}
        </Col>
      </Row>
    </Modal>
  );
}
