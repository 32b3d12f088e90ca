import { accountInfoApi, accountInfoBody, PREFECTURES, type AccountInfo } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import type { Rule } from 'antd/es/form';
import { App, Card, Divider, Form, Input, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api/call.ts';
import { endpointQuery } from '../../../app/api/queries.ts';
import { usePostalCodeLookup } from '../../../components/addresses/usePostalCodeLookup.ts';
import { timeZoneName, timeZoneOptions } from '../../../components/format.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { FormShell, useResourceForm } from '../../../components/ResourceForm.tsx';
import '../../../app/i18n/parts/account-info.ts';

type InfoValues = Omit<AccountInfo, 'updated_at'>;
const INFO_PATH = '/account/info';

/** The postal code field: a found address fills the prefecture and city (and the town into the street). */
function PostalCodeItem({ rule }: { rule: Rule }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<InfoValues>();
  const typed = Form.useWatch('postal_code', form) ?? '';
  const lookup = usePostalCodeLookup(typed);
  const address = lookup.address;
  useEffect(() => {
    if (!address) return;
    form.setFieldsValue({ prefecture: address.prefecture, city: address.city, street: address.town });
  }, [address, form]);
  return (
    <Form.Item
      name="postal_code"
      label={t('accountInfo.postalCode')}
      rules={[rule]}
      extra={lookup.hint ? <span data-testid="postal-code-hint">{t(lookup.hint)}</span> : undefined}
    >
      <Input maxLength={10} placeholder="100-0001" style={{ maxWidth: 200 }} data-testid="field-postal_code" />
    </Form.Item>
  );
}

function InfoForm({ info }: { info: AccountInfo }) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const [checking, setChecking] = useState(false);
  const timeZones = useMemo(() => timeZoneOptions(i18n.language, info.time_zone), [i18n.language, info.time_zone]);
  const model = useResourceForm({
    schema: accountInfoBody,
    save: (values: InfoValues) => call(accountInfoApi.update, { body: values }),
    notice: 'saved',
    changes: [accountInfoApi.get],
    next: () => INFO_PATH,
  });

  // A new time zone moves every schedule: the owner sees how many before it is saved.
  const submit = async (values: InfoValues) => {
    if (values.time_zone === info.time_zone) return model.submit(values);
    setChecking(true);
    const preview = await call(accountInfoApi.timeZonePreview, {}).finally(() => setChecking(false));
    modal.confirm({
      title: t('accountInfo.timeZoneConfirmTitle'),
      content: (
        <div data-testid="time-zone-preview">
          <Typography.Paragraph>
            {t('accountInfo.timeZoneConfirmBody', {
              from: timeZoneName(info.time_zone, i18n.language),
              to: timeZoneName(values.time_zone, i18n.language),
            })}
          </Typography.Paragraph>
          <ul>
            <li data-testid="time-zone-preview-broadcasts">
              {t('accountInfo.timeZoneBroadcasts', { count: preview.data.scheduled_broadcasts })}
            </li>
            <li data-testid="time-zone-preview-scenarios">
              {t('accountInfo.timeZoneScenarioSends', { count: preview.data.scenario_sends })}
            </li>
          </ul>
        </div>
      ),
      okText: t('accountInfo.timeZoneConfirmOk'),
      okButtonProps: { 'data-testid': 'time-zone-confirm' },
      onOk: () => model.submit(values),
    });
  };

  const initialValues: InfoValues = {
    name: info.name,
    name_kana: info.name_kana,
    postal_code: info.postal_code,
    prefecture: info.prefecture,
    city: info.city,
    street: info.street,
    building: info.building,
    phone: info.phone,
    contact_name: info.contact_name,
    contact_email: info.contact_email,
    registration_number: info.registration_number,
    time_zone: info.time_zone,
  };
  const text = (name: Exclude<keyof InfoValues, 'prefecture' | 'time_zone' | 'postal_code'>, max: number) => (
    <Form.Item name={name} label={t(`accountInfo.fields.${name}`)} rules={[model.rule(name)]}>
      <Input maxLength={max} data-testid={`field-${name}`} />
    </Form.Item>
  );

  return (
    <FormShell
      model={{ ...model, submit, submitting: model.submitting || checking }}
      initialValues={initialValues}
      cancelTo="/account"
    >
      {text('name', 100)}
      {text('name_kana', 100)}
      <Divider titlePlacement="start">{t('accountInfo.address')}</Divider>
      <PostalCodeItem rule={model.rule('postal_code')} />
      <Form.Item name="prefecture" label={t('accountInfo.fields.prefecture')} rules={[model.rule('prefecture')]}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={PREFECTURES.map((prefecture) => ({ value: prefecture, label: prefecture }))}
          style={{ maxWidth: 200 }}
          data-testid="field-prefecture"
        />
      </Form.Item>
      {text('city', 100)}
      {text('street', 200)}
      {text('building', 200)}
      <Divider titlePlacement="start">{t('accountInfo.contact')}</Divider>
      {text('phone', 20)}
      {text('contact_name', 100)}
      {text('contact_email', 255)}
      <Divider titlePlacement="start">{t('accountInfo.invoice')}</Divider>
      <Form.Item
        name="registration_number"
        label={t('accountInfo.fields.registration_number')}
        extra={t('accountInfo.registrationHint')}
        rules={[model.rule('registration_number')]}
      >
        <Input maxLength={14} placeholder="T1234567890123" data-testid="field-registration_number" />
      </Form.Item>
      <Divider titlePlacement="start">{t('accountInfo.schedule')}</Divider>
      <Form.Item
        name="time_zone"
        label={t('accountInfo.fields.time_zone')}
        extra={t('accountInfo.timeZoneHint')}
        rules={[model.rule('time_zone')]}
      >
        <Select showSearch={{ optionFilterProp: 'label' }} options={timeZones} data-testid="field-time_zone" />
      </Form.Item>
    </FormShell>
  );
}

/** The account owner's company info: name, address, contacts, invoice registration number and time zone. */
export default function AccountInfoPage() {
  const info = useQuery(endpointQuery(accountInfoApi.get, {}));
  return (
    <>
      <PageHeader />
      <Card>
        {info.data ? (
          <InfoForm key={info.data.data.updated_at} info={info.data.data} />
        ) : (
          <LoadState error={info.error} backTo="/account" onRetry={() => void info.refetch()} />
        )}
      </Card>
    </>
  );
}
