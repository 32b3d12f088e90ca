import { DownloadOutlined } from '@ant-design/icons';
import { friendsApi } from '@linq/contract';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, saveBlob } from '../../../app/api/download.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { feedback } from '../../../app/feedback.ts';
import { friendFilterQuery, type FriendFilters } from './friend-filters.ts';
import '../../../app/i18n/parts/friends.ts';

/** Downloads the friend list as filtered now (CSV); the server names the file. */
export function ExportCsvButton({ filters }: { filters: FriendFilters }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await download(
        friendsApi.exportCsv,
        { query: friendFilterQuery(filters) },
        { handles: 'http' },
      );
      saveBlob(blob, filename ?? `friends-${dayjs().format('YYYYMMDD-HHmm')}.csv`);
    } catch (error) {
      // A missing response has been reported by the request layer already.
      if (!isApiError(error) || !error.isNetworkError) {
        feedback.notifyError(t('friends.exportFailed'), error instanceof Error ? error.message : String(error));
      }
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="export-csv">
      {t('friends.exportCsv')}
    </Button>
  );
}
