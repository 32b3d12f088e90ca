import {
  RICH_MENU_ACTION_TYPES,
  RICH_MENU_PAGE_TEXT_MAX,
  RICH_MENU_PAGE_TITLE_MAX,
  type RichMenu,
  type RichMenuAction,
  type RichMenuActionType,
} from '@linq/contract';
import { Alert, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMarkOptions, useTagOptions } from '../plans/editor/useEditorOptions.ts';
import { usePlanOptions } from './useRichMenus.ts';
import '../../../app/i18n/parts/rich-menus.ts';

/** A fresh action of the type, with its required fields empty (the form asks for them). */
export function actionOfType(type: RichMenuActionType, label: string): RichMenuAction {
  switch (type) {
    case 'uri':
      return { type, label, uri: '' };
    case 'message':
      return { type, label, text: '' };
    case 'postback':
      return { type, label, display_text: '', score: 0 };
    case 'richmenuswitch':
      return { type, label, rich_menu_id: 0 };
    case 'start_plan':
      return { type, label, plan_id: 0 };
    case 'labels':
      return { type, label, add_tag_ids: [], remove_tag_ids: [], add_mark_ids: [], remove_mark_ids: [] };
    case 'page':
      return { type, label, title: '', text: '', image_url: null };
  }
}

/** What tapping one area does: the action's type and its own fields. */
export function AreaActionForm({
  action,
  menuId,
  menus,
  error,
  onChange,
}: {
  action: RichMenuAction;
  /** The edited menu (not offered as a tab to itself). */
  menuId: number | null;
  menus: RichMenu[];
  error: string | undefined;
  onChange: (action: RichMenuAction) => void;
}) {
  const { t } = useTranslation();
  const tags = useTagOptions();
  const marks = useMarkOptions();
  const plans = usePlanOptions();
  const labelOptions = (list: { id: number; name: string }[]) =>
    list.map(({ id, name }) => ({ value: id, label: name }));
  const target = action.type === 'richmenuswitch' ? menus.find((menu) => menu.id === action.rich_menu_id) : undefined;

  return (
    <Form layout="vertical" data-testid="rich-menu-action-form">
      <Form.Item label={t('richMenus.action')}>
        <Select<RichMenuActionType>
          value={action.type}
          onChange={(type) => onChange(actionOfType(type, action.label))}
          options={RICH_MENU_ACTION_TYPES.map((type) => ({ value: type, label: t(`richMenus.actionTypes.${type}`) }))}
          data-testid="rich-menu-action-type"
        />
      </Form.Item>
      {action.type === 'uri' && (
        <Form.Item label={t('richMenus.uri')}>
          <Input
            value={action.uri}
            placeholder="https://"
            onChange={(event) => onChange({ ...action, uri: event.target.value.trim() })}
            data-testid="rich-menu-action-uri"
          />
        </Form.Item>
      )}
      {action.type === 'page' && (
        <>
          <Form.Item label={t('richMenus.pageTitle')} extra={t('richMenus.pageHint')}>
            <Input
              value={action.title}
              maxLength={RICH_MENU_PAGE_TITLE_MAX}
              onChange={(event) => onChange({ ...action, title: event.target.value })}
              data-testid="rich-menu-action-page-title"
            />
          </Form.Item>
          <Form.Item label={t('richMenus.pageText')}>
            <Input.TextArea
              value={action.text}
              maxLength={RICH_MENU_PAGE_TEXT_MAX}
              autoSize={{ minRows: 3 }}
              onChange={(event) => onChange({ ...action, text: event.target.value })}
              data-testid="rich-menu-action-page-text"
            />
          </Form.Item>
          <Form.Item label={t('richMenus.pageImage')}>
            <Input
              value={action.image_url ?? ''}
              placeholder="https://"
              onChange={(event) => onChange({ ...action, image_url: event.target.value.trim() || null })}
              data-testid="rich-menu-action-page-image"
            />
          </Form.Item>
        </>
      )}
      {action.type === 'message' && (
        <Form.Item label={t('richMenus.messageText')}>
          <Input.TextArea
            value={action.text}
            maxLength={300}
            autoSize={{ minRows: 2 }}
            onChange={(event) => onChange({ ...action, text: event.target.value })}
            data-testid="rich-menu-action-text"
          />
        </Form.Item>
      )}
      {action.type === 'postback' && (
        <>
          <Form.Item label={t('richMenus.score')}>
            <InputNumber
              value={action.score}
              precision={0}
              min={-1_000_000}
              max={1_000_000}
              onChange={(score) => onChange({ ...action, score: score ?? 0 })}
              data-testid="rich-menu-action-score"
            />
          </Form.Item>
          <Form.Item label={t('richMenus.displayText')}>
            <Input
              value={action.display_text}
              maxLength={300}
              onChange={(event) => onChange({ ...action, display_text: event.target.value })}
              data-testid="rich-menu-action-display-text"
            />
          </Form.Item>
        </>
      )}
      {action.type === 'richmenuswitch' && (
        <Form.Item label={t('richMenus.switchTo')}>
          <Select
            value={action.rich_menu_id || undefined}
            options={menus.filter((menu) => menu.id !== menuId).map((menu) => ({ value: menu.id, label: menu.name }))}
            onChange={(id: number) => onChange({ ...action, rich_menu_id: id })}
            data-testid="rich-menu-action-switch"
          />
          {target && target.alias_id === null && (
            <Alert type="warning" showIcon style={{ marginTop: 8 }} title={t('richMenus.switchNeedsAlias')} />
          )}
        </Form.Item>
      )}
      {action.type === 'start_plan' && (
        <Form.Item label={t('richMenus.plan')}>
          <Select
            value={action.plan_id || undefined}
            options={labelOptions(plans)}
            onChange={(id: number) => onChange({ ...action, plan_id: id })}
            data-testid="rich-menu-action-plan"
          />
        </Form.Item>
      )}
      {action.type === 'labels' &&
        (
          [
            ['add_tag_ids', 'addTags', tags],
            ['remove_tag_ids', 'removeTags', tags],
            ['add_mark_ids', 'addMarks', marks],
            ['remove_mark_ids', 'removeMarks', marks],
          ] as const
        ).map(([field, label, options]) => (
          <Form.Item key={field} label={t(`richMenus.${label}`)}>
            <Select<number[]>
              mode="multiple"
              value={action[field]}
              options={labelOptions(options)}
              optionFilterProp="label"
              onChange={(ids) => onChange({ ...action, [field]: ids })}
              data-testid={`rich-menu-action-${field}`}
            />
          </Form.Item>
        ))}
      <Form.Item label={t('richMenus.actionLabel')}>
        <Input
          value={action.label}
          maxLength={20}
          onChange={(event) => onChange({ ...action, label: event.target.value })}
          data-testid="rich-menu-action-label"
        />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} data-testid="rich-menu-action-error" />}
    </Form>
  );
}
