import type { MissedSendChoice, PlanListItem } from '@linq/contract';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../../app/i18n/parts/plans.ts';

interface MissedSendsModalProps {
  plan: PlanListItem;
  onChoose: (choice: MissedSendChoice) => void;
  onClose: () => void;
}

/**
 * Before a stopped plan is activated while sends fell due for its paused friends: send them now or
 * skip them (no surprise backlog). Closing the dialog leaves the plan stopped.
 */
export function MissedSendsModal({ plan, onChoose, onClose }: MissedSendsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('plans.missed.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="missed-cancel">
          {t('common.cancel')}
        </Button>,
        <Button key="skip" onClick={() => onChoose('skip')} data-testid="missed-skip">
          {t('plans.missed.skip')}
        </Button>,
        <Button key="send" type="primary" onClick={() => onChoose('send')} data-testid="missed-send">
          {t('plans.missed.send')}
        </Button>,
      ]}
    >
      <div data-testid="missed-sends">
        <Typography.Paragraph>
          {t('plans.missed.content', { name: plan.name, count: plan.missed_count })}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('plans.missed.sendHelp')}
          <br />
          {t('plans.missed.skipHelp')}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
