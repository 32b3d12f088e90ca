import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTutorial } from '../app/tutorials/useTutorial.ts';

/** A service screen's short tutorial, until the user dismisses it for good. */
export function ScreenTutorial({ screen, text }: { screen: string; text: string }) {
  const { t } = useTranslation();
  const { visible, dismiss } = useTutorial(screen);
  if (!visible) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={t('tutorials.title')}
      description={text}
      action={
        <Button size="small" onClick={() => void dismiss()} data-testid="tutorial-dismiss">
          {t('tutorials.dismiss')}
        </Button>
      }
      style={{ marginBottom: 16 }}
      data-testid={`tutorial-${screen}`}
    />
  );
}
