import { DownloadOutlined } from '@ant-design/icons';
import { inflowsApi, type InflowRoute } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, saveBlob } from '../../../app/api/download.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';
import { feedback } from '../../../app/feedback.ts';
import '../../../app/i18n/parts/inflows.ts';

const PREVIEW_SIZE = 256;
const DOWNLOAD_SIZE = 1024;

/** A file name for the route's QR: its name without characters file systems refuse. */
export function qrFileName(routeName: string, extension: 'png' | 'svg'): string {
  const safe = routeName.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 60) || 'inflow';
  return `${safe}-qr.${extension}`;
}

/**
 * The route URL's QR code: a preview (the image needs the session, so it is read as a file and shown
 * from memory) and PNG and SVG downloads at print size.
 */
export function InflowQr({ route }: { route: InflowRoute }) {
  const { t } = useTranslation();
  const channel = useSelectedChannelId();
  const [saving, setSaving] = useState<'png' | 'svg' | null>(null);
  const preview = useQuery({
    queryKey: [inflowsApi.qrPng.path, { channel, id: route.id, code: route.code }],
    queryFn: async () =>
      (await download(inflowsApi.qrPng, { params: { id: route.id }, query: { size: PREVIEW_SIZE } })).blob,
    enabled: channel !== null,
  });
  const src = useMemo(() => (preview.data ? URL.createObjectURL(preview.data) : null), [preview.data]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);

  const save = async (extension: 'png' | 'svg') => {
    setSaving(extension);
    try {
      const endpoint = extension === 'png' ? inflowsApi.qrPng : inflowsApi.qrSvg;
      const { blob } = await download(
        endpoint,
        { params: { id: route.id }, query: { size: DOWNLOAD_SIZE } },
        { handles: 'http' },
      );
      saveBlob(blob, qrFileName(route.name, extension));
    } catch (error) {
      if (!isApiError(error) || !error.isNetworkError) feedback.toastError(t('inflows.qrFailed'));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Flex vertical gap={8} align="flex-start" data-testid="inflow-qr">
      {src ? (
        <img
          src={src}
          alt={t('inflows.qrAlt', { name: route.name })}
          width={160}
          height={160}
          style={{ imageRendering: 'pixelated', border: '1px solid rgba(0,0,0,0.06)' }}
          data-testid="inflow-qr-image"
        />
      ) : preview.isError ? (
        <Result status="warning" subTitle={t('inflows.qrFailed')} style={{ padding: 8 }} />
      ) : (
        <Skeleton.Image active style={{ width: 160, height: 160 }} />
      )}
      <Space wrap>
        <Button
          icon={<DownloadOutlined />}
          loading={saving === 'png'}
          onClick={() => void save('png')}
          data-testid="inflow-qr-png"
        >
          {t('inflows.qrPng')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={saving === 'svg'}
          onClick={() => void save('svg')}
          data-testid="inflow-qr-svg"
        >
          {t('inflows.qrSvg')}
        </Button>
      </Space>
    </Flex>
  );
}
