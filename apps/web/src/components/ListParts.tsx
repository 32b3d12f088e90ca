import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Space, Typography, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../app/navigation.tsx';
import { ConfirmDeleteButton } from './ConfirmDeleteButton.tsx';

/** The header button that opens a resource's create page. */
export function CreateButton({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to}>
      <Button type="primary" icon={<PlusOutlined />} data-testid="create-button">
        {t('common.create')}
      </Button>
    </Link>
  );
}

/** A list row's edit link and delete button (with confirmation). */
export function RowActions(props: { id: number; name: string; editTo: string; onDelete: () => Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Link to={props.editTo}>
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={t('common.edit')}
          data-testid={`row-edit-${props.id}`}
        />
      </Link>
      <ConfirmDeleteButton
        compact
        name={props.name}
        onConfirm={props.onDelete}
        testIdValue={`row-delete-${props.id}`}
      />
    </Space>
  );
}

/** A list's name search; the query string holds the value, so the box re-mounts when it changes. */
export function ListSearch(props: {
  value?: string;
  placeholder: string;
  onSearch: (q: string) => void;
  width?: number;
}) {
  return (
    <Input.Search
      key={props.value}
      allowClear
      defaultValue={props.value}
      placeholder={props.placeholder}
      onSearch={props.onSearch}
      style={{ width: `min(${props.width ?? 280}px, 100%)` }}
      data-testid="search-input"
    />
  );
}

/** A list table's pagination, kept in the address (useListParams): page, page size and the total. */
export function useListPagination(props: {
  page: number;
  limit: number;
  total: number;
  update: (changes: { page?: number; limit?: number }) => void;
}): TablePaginationConfig {
  const { t } = useTranslation();
  return {
    current: props.page,
    pageSize: props.limit,
    total: props.total,
    showSizeChanger: true,
    showTotal: (total) => (
      <Typography.Text type="secondary" data-testid="list-total" data-total={total}>
        {t('common.total', { count: total })}
      </Typography.Text>
    ),
    onChange: (nextPage, pageSize) => props.update(pageSize !== props.limit ? { limit: pageSize } : { page: nextPage }),
  };
}
