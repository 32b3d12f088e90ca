import type { AppContext } from '../../platform/context.ts';
import { lineClient, type LineClient } from '../../platform/line.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { channelForSending } from '../delivery/repository.ts';

/** The channel's LINE client for the detectors' reads, or null (no token, or LINE refuses it: another detector's). */
export async function channelLineClient(ctx: AppContext, scope: ChannelScope): Promise<LineClient | null> {
  const channel = await channelForSending(ctx.database.db, scope);
  if (!channel?.tokenSealed || channel.credentialsInvalidSince) return null;
  return lineClient(ctx.lineEndpoints(channel.simulated), ctx.secrets.open(channel.tokenSealed));
}
