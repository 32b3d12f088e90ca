import { adminOemOptionsApi } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { useSession } from '../../../app/session.ts';
import { chooseActingOem, useActingOem } from './acting-oem.ts';
import '../../../app/i18n/parts/admin-scope.ts';

/** The admin header's OEM picker: platform admins choose which OEM they act on; OEM admins see none. */
export function ActingOemPicker({ textColour }: { textColour?: string }) {
  const { t } = useTranslation();
  const session = useSession('admin');
  const actingOem = useActingOem();
  const options = useQuery({ ...endpointQuery(adminOemOptionsApi.list, {}), enabled: session?.platform === true });
  if (!session?.platform) return null;
  return (
    <>
      <Typography.Text style={{ color: textColour }}>{t('adminScope.actingOem')}</Typography.Text>
      <Select
        aria-label={t('adminScope.actingOem')}
        data-testid="acting-oem"
        style={{ width: 'min(220px, 40vw)' }}
        loading={options.isPending}
        status={options.isError ? 'error' : undefined}
        placeholder={options.isError ? t('adminScope.loadFailed') : undefined}
        value={options.data ? actingOem : undefined}
        options={(options.data?.data ?? []).map((oem) => ({
          value: oem.id,
          label: oem.is_default ? t('adminScope.defaultOem', { name: oem.name }) : oem.name,
        }))}
        optionRender={(option) => <span data-testid="acting-oem-option">{option.label}</span>}
        onChange={(oemId: number) => chooseActingOem(oemId === session.oem.id ? null : oemId)}
      />
    </>
  );
}
