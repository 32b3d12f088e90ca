import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes.tsx';
import { endStartUp, startInitialState } from './app/session.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Before the router: its loaders would start these only once the route table's chunks have been evaluated.
startInitialState(new URL(window.location.href));
const router = createBrowserRouter(routes);
const stopWatching = router.subscribe((state) => {
  if (!state.initialized) return;
  endStartUp();
  stopWatching();
});

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
