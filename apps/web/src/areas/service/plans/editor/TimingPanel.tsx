import {
  PLAN_AFTER_DAYS_MAX,
  PLAN_AFTER_HOURS_MAX,
  PLAN_REPEAT_DATE_TIMES_MAX,
  PLAN_REPEAT_TIMES_MAX,
  TIME_OF_DAY,
  TIMING_TYPES,
  timingLabel,
  WEEKDAYS,
  type TimingType,
} from '@linq/contract';
import { Checkbox, Empty, Form, InputNumber, Radio, Select, Space, Switch, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { updateTiming, type TimingChanges } from './diagram.ts';
import { typingFieldOf } from './shortcuts.ts';
import { usePlanEditor } from './store.ts';
import '../../../../app/i18n/parts/plans.ts';

const TIME_FORMAT = 'HH:mm';

/** The timing into box `end`: send at once, after days and hours (or at a time of day), or repeat on weekdays. */
export function TimingPanel({ end, disabled }: { end: string; disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const apply = usePlanEditor((store) => store.apply);
  const timing = usePlanEditor((store) =>
    store.editor.present.plan_timings.find((item) => item.end === end && !item._destroy),
  );
  if (!timing) return <Empty description={t('plans.editor.selectHint')} />;
  // Typing on in one number field is one undo step.
  const change = (changes: TimingChanges) =>
    apply((snapshot) => updateTiming(snapshot, end, changes), typingFieldOf(document.activeElement));
  const weekdayNames = t('plans.timingEditor.weekdayNames', { returnObjects: true });

  return (
    <Form layout="vertical" disabled={disabled} component="div" data-testid="timing-panel">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {`${timing.start} → ${timing.end}`}
      </Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="timing-panel-label">
        {timingLabel(timing, i18n.language === 'en' ? 'en' : 'ja')}
      </Typography.Paragraph>
      <Form.Item label={t('plans.timingEditor.type')}>
        <Radio.Group
          value={timing.timing_type}
          onChange={(event) => change({ timing_type: event.target.value as TimingType })}
          optionType="button"
          options={TIMING_TYPES.map((type) => ({
            value: type,
            label: <span data-testid={`timing-type-${type}`}>{t(`plans.timingEditor.types.${type}`)}</span>,
          }))}
        />
      </Form.Item>
      {timing.timing_type === 'send_after' && (
        <>
          <Space wrap>
            <InputNumber
              min={0}
              max={PLAN_AFTER_DAYS_MAX}
              value={timing.after_days}
              onChange={(value) => change({ after_days: value ?? 0 })}
              suffix={t('plans.timingEditor.afterDays')}
              data-testid="timing-after-days"
            />
            {timing.next_action_at === null && (
              <InputNumber
                min={0}
                max={PLAN_AFTER_HOURS_MAX}
                value={timing.after_hours}
                onChange={(value) => change({ after_hours: value ?? 0 })}
                suffix={t('plans.timingEditor.afterHours')}
                data-testid="timing-after-hours"
              />
            )}
          </Space>
          <Form.Item label={t('plans.timingEditor.atTime')} style={{ marginTop: 12 }}>
            <Space>
              <Switch
                checked={timing.next_action_at !== null}
                onChange={(on) => change({ next_action_at: on ? '10:00' : null, after_hours: 0 })}
                data-testid="timing-at-time"
              />
              {timing.next_action_at !== null && (
                <TimePicker
                  format={TIME_FORMAT}
                  minuteStep={5}
                  allowClear={false}
                  value={dayjs(timing.next_action_at, TIME_FORMAT)}
                  onChange={(value) => value && change({ next_action_at: value.format(TIME_FORMAT) })}
                  needConfirm={false}
                  data-testid="timing-time"
                />
              )}
            </Space>
          </Form.Item>
        </>
      )}
      {timing.timing_type === 'send_repeat' && (
        <>
          <Form.Item label={t('plans.timingEditor.weekdays')}>
            <Checkbox.Group<number>
              value={timing.repeat_weekdays}
              onChange={(days) => change({ repeat_weekdays: [...days].sort((a, b) => a - b) })}
              options={WEEKDAYS.map((day) => ({ value: day, label: weekdayNames[day] ?? String(day) }))}
            />
          </Form.Item>
          <Form.Item label={t('plans.timingEditor.times')}>
            <Select<string[]>
              mode="tags"
              value={timing.repeat_date_times}
              onChange={(times) =>
                change({
                  repeat_date_times: [...new Set(times.filter((time) => TIME_OF_DAY.test(time)))]
                    .sort()
                    .slice(0, PLAN_REPEAT_DATE_TIMES_MAX),
                })
              }
              placeholder="10:00"
              tokenSeparators={[',', ' ']}
              data-testid="timing-repeat-times-of-day"
            />
          </Form.Item>
          <Form.Item label={t('plans.timingEditor.repeatTimes')}>
            <InputNumber
              min={1}
              max={PLAN_REPEAT_TIMES_MAX}
              value={timing.repeat_times}
              onChange={(value) => change({ repeat_times: value ?? 1 })}
              data-testid="timing-repeat-count"
            />
          </Form.Item>
        </>
      )}
    </Form>
  );
}
