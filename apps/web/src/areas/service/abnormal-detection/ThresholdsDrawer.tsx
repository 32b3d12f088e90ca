import { DEFAULT_THRESHOLDS, detectionThresholds, type DetectionThresholds } from '@linq/contract';
import { Alert, Button, Checkbox, Divider, Drawer, Form, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../app/feedback.ts';
import { schemaRule, showFieldErrors } from '../../../app/forms.ts';
import { saveNotify, saveThresholds, useCanEditDetection, useDetectionSettings } from './useIncidents.ts';
import '../../../app/i18n/parts/abnormal-detection.ts';

const FIELDS = Object.keys(DEFAULT_THRESHOLDS) as (keyof DetectionThresholds)[];

/** The channel's detector thresholds (editable with the edit level) and the user's own e-mail opt-in. */
export function ThresholdsDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useDetectionSettings();
  const canEdit = useCanEditDetection();
  const [form] = Form.useForm<DetectionThresholds>();
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const data = settings.data?.data;

  const save = async (values: DetectionThresholds) => {
    setSaving(true);
    setProblems([]);
    try {
      await saveThresholds(values);
      feedback.notifySuccess(t('abnormalDetection.thresholdsSaved'));
    } catch (error) {
      const others = showFieldErrors(form, error, FIELDS);
      if (!others) throw error;
      setProblems(others);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      onClose={onClose}
      title={t('abnormalDetection.settings')}
      size="min(520px, 100vw)"
      data-testid="detection-settings"
    >
      {data && (
        <>
          <Checkbox
            checked={data.notify_me}
            onChange={(event) =>
              void saveNotify(event.target.checked).then(() => feedback.notifySuccess(t('abnormalDetection.notifySaved')))
            }
            data-testid="detection-notify-me"
          >
            {t('abnormalDetection.notifyMe')}
          </Checkbox>
          <Divider />
          {problems.map((problem) => (
            <Alert key={problem} type="error" title={problem} style={{ marginBottom: 12 }} />
          ))}
          <Form<DetectionThresholds>
            form={form}
            layout="vertical"
            initialValues={data.thresholds}
            onFinish={(values) => void save(values)}
            disabled={!canEdit}
          >
            {FIELDS.map((field) => (
              <Form.Item
                key={field}
                name={field}
                label={t(`abnormalDetection.thresholds.${field}`)}
                rules={[{ required: true }, schemaRule(detectionThresholds.shape[field])]}
              >
                <InputNumber style={{ width: 160 }} data-testid={`threshold-${field}`} />
              </Form.Item>
            ))}
            {canEdit && (
              <Button type="primary" htmlType="submit" loading={saving} data-testid="thresholds-save">
                {t('common.save')}
              </Button>
            )}
          </Form>
        </>
      )}
    </Drawer>
  );
}
