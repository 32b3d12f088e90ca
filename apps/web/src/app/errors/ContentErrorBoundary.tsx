import { lazy, Suspense } from 'react';
import { useRouteError } from 'react-router';

// The antd view loads on demand so the entry chunk stays free of antd.
const ContentError = lazy(() => import('./ContentError.tsx'));

/** Error boundary of an area's pages: the error shows inside the area layout. */
export function ContentErrorBoundary() {
  const error = useRouteError();
  return (
    <Suspense fallback={null}>
      <ContentError error={error} />
    </Suspense>
  );
}
