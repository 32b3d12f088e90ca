import type { CSSProperties } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../api/errors.ts';
import { isChunkLoadFailure } from '../chunks.ts';

/*
 * The last-resort error screen and the boot spinner. They live in the entry chunk, so they use plain
 * markup (no antd) and fixed bilingual texts: i18n may not have loaded when they are needed.
 */

const screenStyle: CSSProperties = {
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: 24,
  textAlign: 'center',
  fontFamily: 'system-ui, -apple-system, "Hiragino Sans", "Noto Sans JP", sans-serif',
};

function describe(error: unknown): { heading: string; detail: string } {
  if (isChunkLoadFailure(error)) {
    return {
      heading: '画面の読み込みに失敗しました',
      detail: 'A new version may have been released. Reload the page to continue.',
    };
  }
  if (isApiError(error) && error.isNetworkError) {
    return {
      heading: 'サーバーに接続できません。',
      detail: 'The server cannot be reached. Check your connection and reload.',
    };
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { heading: 'ページが見つかりません', detail: 'The page you are looking for does not exist.' };
  }
  return { heading: '問題が発生しました', detail: 'Something went wrong. Reload the page to try again.' };
}

export function RouteErrorFallback() {
  const error = useRouteError();
  const { heading, detail } = describe(error);
  return (
    <main style={screenStyle} role="alert" data-testid="route-error">
      <div>
        <h1 style={{ fontSize: 20, margin: '0 0 8px' }}>{heading}</h1>
        <p style={{ margin: '0 0 16px', opacity: 0.7 }}>{detail}</p>
        <button type="button" onClick={() => window.location.reload()} data-testid="reload-button">
          再読み込み / Reload
        </button>
      </div>
    </main>
  );
}

/** Shown while the first chunks load; the CSS in index.html delays it by the spinner delay. */
export function BootSpinner() {
  return <div className="boot-spinner" role="progressbar" aria-label="Loading" />;
}
