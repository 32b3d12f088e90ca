import { Modal } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { switchesChannel } from '../app/channels/channel-address.ts';

/**
 * Asks before leaving a screen with unsaved changes: a dialog for a move inside the console (to another
 * screen, or to another channel, which makes the screen anew), the browser's own question for a reload
 * or a closed tab. `allowLeave` lets a deliberate move through
 * (e.g. to the saved record after a create). Render `dialog` on the screen.
 */
export function useLeaveGuard(dirty: boolean): { allowLeave: () => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !leaving.current &&
      (currentLocation.pathname !== nextLocation.pathname || switchesChannel(currentLocation, nextLocation)),
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const dialog = (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('common.leaveTitle')}
      okText={t('common.leave')}
      cancelText={t('common.stay')}
      okButtonProps={{ danger: true, 'data-testid': 'leave-confirm' }}
      cancelButtonProps={{ 'data-testid': 'leave-cancel' }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('common.leaveContent')}
    </Modal>
  );
  return {
    allowLeave: () => {
      leaving.current = true;
    },
    dialog,
  };
}
