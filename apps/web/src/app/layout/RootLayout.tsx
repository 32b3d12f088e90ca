import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../api/queries.ts';
import { onSessionEnded } from '../api/request.ts';
import { BrandingEffects } from '../branding/BrandingEffects.tsx';
import { themeConfigOf } from '../branding/theme.ts';
import { useBranding } from '../branding/branding.ts';
import {
  ERROR_NOTIFICATION_DURATION_S,
  NOTIFICATION_TOP_PX,
  SUCCESS_NOTIFICATION_DURATION_S,
  TOAST_DURATION_S,
} from '../config.ts';
import { useMediaQuery } from '../../components/useMediaQuery.ts';
import { registerFeedback } from '../feedback.ts';
import { currentLanguage } from '../i18n/index.ts';
import { loadStartState, recheckSessions } from '../session.ts';

/** Pagination texts default to English (spec section 9). */
const PAGINATION_TEXTS = { items_per_page: '/ page', jump_to: 'Go to', page_size: 'Page Size' };
const ANTD_LOCALES: Record<'ja' | 'en', Locale> = {
  ja: jaJP,
  en: { ...enUS, Pagination: { ...enUS.Pagination, ...PAGINATION_TEXTS } },
};

/** Japanese consoles set no space between two-character button labels (antd's default reads 「保 存」). */
const BUTTON_CONFIG = { autoInsertSpace: false };
const NO_WAVE = { disabled: true };

/** Hands antd's context-aware notification and message APIs to the request and state layers. */
function FeedbackBridge() {
  const { notification, message } = AntdApp.useApp();
  useEffect(
    () =>
      registerFeedback({
        notifyError: (title, description) => notification.error({ title, description }),
        notifySuccess: (title, description) =>
          notification.success({ title, description, duration: SUCCESS_NOTIFICATION_DURATION_S }),
        toastError: (text) => void message.error(text, TOAST_DURATION_S),
      }),
    [notification, message],
  );
  return null;
}

function RootLayout() {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n.language);
  const theme = useBranding().themes?.theme;
  // People who asked their system for less motion get none: dialogs and menus appear at once, and a
  // clicked button sends no wave (without motion antd would otherwise keep the wave for its 2 s deadline).
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const themeConfig = useMemo(() => {
    const config = themeConfigOf(theme);
    return reducedMotion ? { ...config, token: { ...config.token, motion: false } } : config;
  }, [theme, reducedMotion]);

  useEffect(() => {
    dayjs.locale(language);
  }, [language]);

  useEffect(() => onSessionEnded(() => void recheckSessions()), []);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={ANTD_LOCALES[language]}
        theme={themeConfig}
        button={BUTTON_CONFIG}
        wave={reducedMotion ? NO_WAVE : undefined}
      >
        <AntdApp
          notification={{ top: NOTIFICATION_TOP_PX, duration: ERROR_NOTIFICATION_DURATION_S }}
          message={{ duration: TOAST_DURATION_S }}
        >
          <FeedbackBridge />
          <BrandingEffects />
          <Outlet />
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/** Loads the session of the location's area and the branding, so the first paint is already branded. */
async function rootLoader({ request }: LoaderFunctionArgs) {
  await loadStartState(new URL(request.url));
  return null;
}

export const rootRoute = { Component: RootLayout, loader: rootLoader };
