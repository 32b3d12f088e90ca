import { DeleteOutlined, PictureOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  RICH_MENU_AREAS_MAX,
  RICH_MENU_CHAT_BAR_MAX,
  RICH_MENU_IMAGE_MESSAGES,
  RICH_MENU_IMAGE_TYPES,
  type RichMenu,
  type RichMenuArea,
  type RichMenuInput,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../app/api/errors.ts';
import { feedback } from '../../../app/feedback.ts';
import { useNavigate } from '../../../app/navigation.tsx';
import { useFolderList } from '../../../components/folders/useFolders.ts';
import { formatDateTime } from '../../../components/format.ts';
import { useLeaveGuard } from '../../../components/LeaveGuard.tsx';
import { LoadState, recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { LINE_APP_COLOURS, phoneFrame, phoneHeader } from '../../../components/line-message/phone-style.ts';
import { AreaActionForm, actionOfType } from './AreaActionForm.tsx';
import { AreaCanvas } from './AreaCanvas.tsx';
import { gridOf, newRect, normalise, STANDARD_SIZES, type Layout, type Rect, type Size } from './geometry.ts';
import { LayoutImageModal } from './LayoutImageModal.tsx';
import { editRichMenuPath, RICH_MENUS_PATH, richMenuImageSrc } from './paths.ts';
import { PublishState } from './rich-menu-parts.tsx';
import { RichMenuFigures } from './RichMenuFigures.tsx';
import { RichMenuSheet } from './RichMenuSheet.tsx';
import {
  imageProblemOf,
  publishRichMenu,
  richMenuQuery,
  RichMenuImageRefused,
  saveRichMenu,
  uploadRichMenuImage,
  useAllRichMenus,
} from './useRichMenus.ts';
import '../../../app/i18n/parts/rich-menus.ts';

/** How wide the editor draws the image. */
const CANVAS_WIDTH = 520;
/** How often an open editor rereads a menu that is being published. */
const PUBLISH_POLL_MS = 2_000;

type Draft = Omit<Required<RichMenuInput>, 'areas'> & { areas: RichMenuArea[] };

interface EditorImage extends Size {
  src: string;
  /** Chosen here and not uploaded yet (sent on save). */
  pending: Blob | null;
  /** The standard layout it was drawn from (its grid is what areas snap to). */
  layout?: Layout;
}

const draftOf = (menu: RichMenu | null, folderId: number | null): Draft => ({
  name: menu?.name ?? '',
  folder_id: menu?.folder_id ?? folderId,
  chat_bar_text: menu?.chat_bar_text ?? '',
  selected: menu?.selected ?? true,
  alias_id: menu?.alias_id ?? null,
  display_from: menu?.display_from ?? null,
  display_to: menu?.display_to ?? null,
  areas: (menu?.areas ?? []).map(({ id, x, y, width, height, action }) => ({ id, x, y, width, height, action })),
});

const imageOf = (menu: RichMenu | null): EditorImage | null =>
  menu?.image_url && menu.width && menu.height
    ? { src: richMenuImageSrc(menu.image_url), width: menu.width, height: menu.height, pending: null }
    : null;

/** /service/rich-menu/create and /service/rich-menu/:id/edit. */
export default function RichMenuEditPage() {
  const param = useParams().id;
  const id = param === undefined ? null : (recordId(param) ?? -1);
  const menu = useQuery({
    ...richMenuQuery(id ?? 0),
    enabled: id !== null && id > 0,
    // Publishing runs in the background: follow it until it ends.
    refetchInterval: (query) => (query.state.data?.data.publish_state === 'publishing' ? PUBLISH_POLL_MS : false),
  });
  if (id !== null && !menu.data) {
    return (
      <>
        <PageHeader backTo={RICH_MENUS_PATH} />
        <LoadState error={menu.error} invalidId={id < 0} backTo={RICH_MENUS_PATH} onRetry={() => void menu.refetch()} />
      </>
    );
  }
  return <Editor key={id ?? 'new'} menu={menu.data?.data ?? null} />;
}

/** A server's 422 as "field: message" lines. */
function fieldMessages(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.status !== 422) return {};
  const fields = error.fieldErrors ?? {};
  const messages = Object.fromEntries(Object.entries(fields).map(([field, { description }]) => [field, description]));
  return Object.keys(messages).length > 0 ? messages : { '': error.message };
}

function Editor({ menu }: { menu: RichMenu | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const folders = useFolderList('service', 'rich_menus');
  const menus = useAllRichMenus();
  const [draft, setDraft] = useState<Draft>(() =>
    draftOf(menu, recordId(search.get('folder_id') ?? undefined) ?? null),
  );
  const [image, setImage] = useState<EditorImage | null>(() => imageOf(menu));
  const [selected, setSelected] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [imageError, setImageError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [choosingLayout, setChoosingLayout] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(true);
  const fileInput = useRef<HTMLInputElement>(null);
  const { allowLeave, dialog } = useLeaveGuard(dirty);
  const grid = useMemo(() => (image ? gridOf(image, image.layout) : { xs: [], ys: [] }), [image]);

  // Object URLs of chosen images are let go when replaced or when leaving.
  useEffect(() => {
    const src = image?.pending ? image.src : null;
    return () => {
      if (src) URL.revokeObjectURL(src);
    };
  }, [image]);

  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setDirty(true);
  };
  const changeArea = useCallback((index: number, patch: Partial<RichMenuArea>) => {
    setDraft((current) => ({
      ...current,
      areas: current.areas.map((area, i) => (i === index ? { ...area, ...patch } : area)),
    }));
    setDirty(true);
  }, []);
  const moveArea = useCallback((index: number, rect: Rect) => changeArea(index, rect), [changeArea]);

  const applyImage = (next: EditorImage, areas?: Rect[]) => {
    setImage(next);
    setImageError(null);
    setDraft((current) => ({
      ...current,
      areas: areas
        ? areas.map((rect, index) => ({
            id: current.areas[index]?.id ?? null,
            ...rect,
            action: current.areas[index]?.action ?? actionOfType('postback', ''),
          }))
        : current.areas.map((area) => ({ ...area, ...normalise(area, next) })),
    }));
    setSelected(null);
    setDirty(true);
  };

  const chooseFile = async (file: File) => {
    const problem = await imageProblemOf(file);
    if (problem) {
      setImageError(RICH_MENU_IMAGE_MESSAGES[problem]);
      return;
    }
    const src = URL.createObjectURL(file);
    const element = new Image();
    element.src = src;
    await element.decode();
    applyImage({ src, width: element.naturalWidth, height: element.naturalHeight, pending: file });
  };

  const addArea = () => {
    if (!image) return;
    const rect = newRect(image, draft.areas);
    change({ areas: [...draft.areas, { id: null, ...rect, action: actionOfType('postback', '') }] });
    setSelected(draft.areas.length);
  };
  const removeArea = (index: number) => {
    change({ areas: draft.areas.filter((_, i) => i !== index) });
    setSelected(null);
  };

  /** Saves the menu (and a chosen image); answers the saved menu, or null when refused. */
  const save = async (): Promise<RichMenu | null> => {
    setErrors({});
    let saved: RichMenu;
    try {
      saved = await saveRichMenu(menu?.id ?? null, draft);
    } catch (error) {
      const messages = fieldMessages(error);
      if (Object.keys(messages).length === 0) throw error;
      setErrors(messages);
      return null;
    }
    if (image?.pending) {
      try {
        saved = await uploadRichMenuImage(saved.id, image.pending);
        setImage(imageOf(saved));
      } catch (error) {
        if (!(error instanceof RichMenuImageRefused)) throw error;
        setImageError(error.reason ? RICH_MENU_IMAGE_MESSAGES[error.reason] : error.message);
        if (!menu) openSaved(saved);
        return null;
      }
    }
    setDraft(draftOf(saved, null));
    setDirty(false);
    if (!menu) openSaved(saved);
    return saved;
  };
  const openSaved = (saved: RichMenu) => {
    allowLeave();
    void navigate(editRichMenuPath(saved.id), { replace: true });
  };

  const run = async (what: 'save' | 'publish') => {
    setBusy(what);
    try {
      const saved = dirty || !menu ? await save() : menu;
      if (!saved) return;
      if (what === 'save') {
        feedback.notifySuccess(t('richMenus.saved'));
        return;
      }
      await publishRichMenu(saved.id);
      feedback.notifySuccess(t('richMenus.published'));
    } catch (error) {
      if (isApiError(error) && [409, 422].includes(error.status)) feedback.toastError(error.message);
    } finally {
      setBusy(null);
    }
  };

  const chatBarLength = [...draft.chat_bar_text].length;
  const area = selected === null ? undefined : draft.areas[selected];
  const areaError =
    selected === null
      ? undefined
      : Object.entries(errors).find(
          ([field]) => field === `areas.${selected}` || field.startsWith(`areas.${selected}.`),
        )?.[1];
  const help = (field: string) => (errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {});

  return (
    <>
      <PageHeader
        backTo={RICH_MENUS_PATH}
        extra={
          <Space>
            <Button
              loading={busy === 'save'}
              disabled={busy !== null}
              onClick={() => void run('save')}
              data-testid="rich-menu-save"
            >
              {t('richMenus.save')}
            </Button>
            <Button
              type="primary"
              loading={busy === 'publish'}
              disabled={busy !== null}
              onClick={() => void run('publish')}
              data-testid="rich-menu-publish"
            >
              {dirty || !menu ? t('richMenus.saveAndPublish') : t('richMenus.publish')}
            </Button>
          </Space>
        }
      />
      {Object.keys(errors).length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="rich-menu-errors"
          title={
            <ul style={{ margin: 0, paddingLeft: 16 }}>
              {[...new Set(Object.values(errors))].map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          }
        />
      )}
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={16}>
          <Flex vertical gap={16}>
            {menu && (
              <Card size="small">
                <Descriptions size="small" column={{ xs: 1, md: 3 }}>
                  <Descriptions.Item label={t('richMenus.state')}>
                    <PublishState menu={menu} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('richMenus.lineMenuId')}>
                    <Typography.Text copyable={menu.line_rich_menu_id ? { text: menu.line_rich_menu_id } : false}>
                      {menu.line_rich_menu_id ? '✓' : '—'}
                    </Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('richMenus.publishedAt')}>
                    {formatDateTime(menu.published_at)}
                  </Descriptions.Item>
                </Descriptions>
              </Card>
            )}
            <Card title={t('richMenus.basics')} size="small">
              <Form layout="vertical">
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item label={t('richMenus.name')} required {...help('name')}>
                      <Input
                        value={draft.name}
                        maxLength={100}
                        placeholder={t('richMenus.namePlaceholder')}
                        onChange={(event) => change({ name: event.target.value })}
                        data-testid="rich-menu-name"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item label={t('richMenus.folder')} {...help('folder_id')}>
                      <Select
                        value={draft.folder_id ?? 0}
                        options={[
                          { value: 0, label: t('richMenus.noFolder') },
                          ...folders.map((folder) => ({ value: folder.id, label: folder.name })),
                        ]}
                        onChange={(value: number) => change({ folder_id: value === 0 ? null : value })}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      label={t('richMenus.chatBarText')}
                      required
                      {...help('chat_bar_text')}
                      extra={t('richMenus.chatBarHint', { count: chatBarLength, max: RICH_MENU_CHAT_BAR_MAX })}
                    >
                      <Input
                        value={draft.chat_bar_text}
                        status={chatBarLength > RICH_MENU_CHAT_BAR_MAX ? 'error' : undefined}
                        onChange={(event) => change({ chat_bar_text: event.target.value })}
                        data-testid="rich-menu-chat-bar"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item label={t('richMenus.aliasId')} extra={t('richMenus.aliasHint')} {...help('alias_id')}>
                      <Input
                        value={draft.alias_id ?? ''}
                        maxLength={32}
                        onChange={(event) => change({ alias_id: event.target.value.trim() || null })}
                        data-testid="rich-menu-alias"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item label={t('richMenus.selected')} extra={t('richMenus.selectedHint')}>
                      <Switch
                        checked={draft.selected}
                        onChange={(selectedValue) => change({ selected: selectedValue })}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item label={t('richMenus.period')} {...help('display_to')}>
                      <DatePicker.RangePicker
                        showTime
                        allowEmpty={[true, true]}
                        placeholder={[t('richMenus.periodFrom'), t('richMenus.periodTo')]}
                        value={[
                          draft.display_from ? dayjs(draft.display_from) : null,
                          draft.display_to ? dayjs(draft.display_to) : null,
                        ]}
                        onChange={(range) =>
                          change({
                            display_from: range?.[0]?.toISOString() ?? null,
                            display_to: range?.[1]?.toISOString() ?? null,
                          })
                        }
                      />
                    </Form.Item>
                  </Col>
                </Row>
              </Form>
            </Card>
            <Card
              title={t('richMenus.imageSection')}
              size="small"
              extra={
                <Space wrap>
                  <Button
                    icon={<UploadOutlined />}
                    onClick={() => fileInput.current?.click()}
                    data-testid="rich-menu-upload"
                  >
                    {t('richMenus.upload')}
                  </Button>
                  <Button
                    icon={<PictureOutlined />}
                    onClick={() => setChoosingLayout(true)}
                    data-testid="rich-menu-from-layout"
                  >
                    {t('richMenus.fromLayout')}
                  </Button>
                </Space>
              }
            >
              <input
                ref={fileInput}
                type="file"
                accept={RICH_MENU_IMAGE_TYPES.join(',')}
                style={{ display: 'none' }}
                data-testid="rich-menu-file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void chooseFile(file).catch(() => setImageError(t('richMenus.imageUnknown')));
                }}
              />
              <Flex vertical gap={12}>
                <Typography.Text type="secondary">{t('richMenus.uploadHint')}</Typography.Text>
                {imageError && (
                  <Alert
                    type="error"
                    showIcon
                    title={t('richMenus.imageRefused', { reason: imageError })}
                    data-testid="rich-menu-image-error"
                  />
                )}
                {image?.pending && <Alert type="info" showIcon title={t('richMenus.pendingImage')} />}
                {image ? (
                  <>
                    <Flex justify="space-between" align="center" wrap gap={8}>
                      <Typography.Text strong>
                        {t('richMenus.areas')}{' '}
                        {t('richMenus.areaCount', { count: draft.areas.length, max: RICH_MENU_AREAS_MAX })}
                      </Typography.Text>
                      <Button
                        icon={<PlusOutlined />}
                        disabled={draft.areas.length >= RICH_MENU_AREAS_MAX}
                        onClick={addArea}
                        data-testid="rich-menu-add-area"
                      >
                        {t('richMenus.addArea')}
                      </Button>
                    </Flex>
                    <Typography.Text type="secondary">{t('richMenus.areaHint')}</Typography.Text>
                    <div style={{ overflowX: 'auto' }}>
                      <AreaCanvas
                        image={image}
                        imageSrc={image.src}
                        areas={draft.areas}
                        selected={selected}
                        grid={grid}
                        displayWidth={CANVAS_WIDTH}
                        onSelect={setSelected}
                        onChange={moveArea}
                      />
                    </div>
                    <Space wrap>
                      {draft.areas.map((_, index) => (
                        <Button
                          key={index}
                          size="small"
                          type={index === selected ? 'primary' : 'default'}
                          danger={Object.keys(errors).some((field) => field.startsWith(`areas.${index}`))}
                          onClick={() => setSelected(index)}
                          data-testid={`rich-menu-area-tab-${index}`}
                        >
                          {t('richMenus.areaLabel', { number: index + 1 })}
                        </Button>
                      ))}
                    </Space>
                    {area && selected !== null ? (
                      <Card
                        size="small"
                        title={t('richMenus.areaLabel', { number: selected + 1 })}
                        extra={
                          <Button
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            onClick={() => removeArea(selected)}
                            data-testid="rich-menu-remove-area"
                          >
                            {t('richMenus.removeArea')}
                          </Button>
                        }
                      >
                        <Typography.Text type="secondary" data-testid="rich-menu-area-bounds">
                          {t('richMenus.areaBounds', area)}
                        </Typography.Text>
                        <AreaActionForm
                          action={area.action}
                          menuId={menu?.id ?? null}
                          menus={menus}
                          error={areaError}
                          onChange={(action) => changeArea(selected, { action })}
                        />
                      </Card>
                    ) : (
                      draft.areas.length > 0 && (
                        <Typography.Text type="secondary">{t('richMenus.selectArea')}</Typography.Text>
                      )
                    )}
                  </>
                ) : (
                  <Typography.Text type="secondary">{t('richMenus.needImage')}</Typography.Text>
                )}
              </Flex>
            </Card>
            {menu && <RichMenuFigures menu={menu} />}
          </Flex>
        </Col>
        <Col xs={24} xl={8}>
          <Typography.Title level={5}>{t('richMenus.preview')}</Typography.Title>
          <div style={{ ...phoneFrame, maxWidth: 360, minHeight: 480 }} data-testid="rich-menu-preview">
            <div style={phoneHeader}>{draft.name || t('richMenus.noun')}</div>
            <div style={{ flex: 1, background: LINE_APP_COLOURS.talkBackground }} />
            {image && (
              <RichMenuSheet
                testId="rich-menu-preview-sheet"
                open={previewOpen}
                onToggle={() => setPreviewOpen(!previewOpen)}
                menu={{
                  chatBarText: draft.chat_bar_text || '—',
                  width: image.width,
                  height: image.height,
                  imageSrc: image.src,
                  areas: draft.areas,
                }}
              />
            )}
          </div>
        </Col>
      </Row>
      {choosingLayout && (
        <LayoutImageModal
          onClose={() => setChoosingLayout(false)}
          onDone={({ blob, layout, areas }) => {
            setChoosingLayout(false);
            const src = URL.createObjectURL(blob);
            applyImage({ src, ...STANDARD_SIZES[layout.size], pending: blob, layout }, areas);
          }}
        />
      )}
      {dialog}
    </>
  );
}
