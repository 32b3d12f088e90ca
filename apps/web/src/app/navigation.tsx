import { useCallback } from 'react';
import {
  Link as RouterLink,
  Navigate as RouterNavigate,
  useNavigate as useRouterNavigate,
  type LinkProps,
  type NavigateFunction,
  type NavigateOptions,
  type NavigateProps,
  type To,
} from 'react-router';
import { withTabChannel } from './channels/channel-address.ts';
import { tabChannelId, useTabChannelId } from './channels/tab-channel.ts';

/*
 * React Router's links and navigations, with the tab's channel kept: a target in the service area gets
 * the tab's laid when it names none, so every screen of a tab stays in its channel and a link opened in
 * a new tab opens the same channel. The console imports these instead of React Router's (lint rule).
 */

export function Link({ to, ...props }: LinkProps) {
  const lineAccountId = useTabChannelId();
  return <RouterLink to={withTabChannel(to, lineAccountId)} {...props} />;
}

export function Navigate({ to, ...props }: NavigateProps) {
  const lineAccountId = useTabChannelId();
  return <RouterNavigate to={withTabChannel(to, lineAccountId)} {...props} />;
}

export function useNavigate(): NavigateFunction {
  const navigate = useRouterNavigate();
  return useCallback(
    ((to: To | number, options?: NavigateOptions) =>
      typeof to === 'number'
        ? navigate(to)
        : navigate(withTabChannel(to, tabChannelId()), options)) as NavigateFunction,
    [navigate],
  );
}
