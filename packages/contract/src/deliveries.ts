import { z } from 'zod';
import { dataOf, timestamp } from './common.ts';
import { endpoint, sessionOf } from './http.ts';

/*
 * Why a message the console sent has not gone out yet. Every send waits for one of these at most;
 * the delivery goes out by itself once it clears (the next attempt is at `next_attempt_at`), or
 * expires after the documented maximum wait (DELIVERY_MAX_WAIT_HOURS) with the reason.
 */

export const DELIVERY_WAIT_REASONS = [
  'quota',
  'rate_limit',
  'credentials',
  'bot_suspended',
  'line_unavailable',
] as const;
export type DeliveryWaitReason = (typeof DELIVERY_WAIT_REASONS)[number];

/** The reasons as the API states them (the console shows its own translations of these). */
export const DELIVERY_WAIT_MESSAGES: Record<DeliveryWaitReason, string> = {
  quota: '今月のメッセージ送信数の上限に達したため送信を保留しています',
  rate_limit: 'LINEの送信回数の制限に達したため、少し待ってから送信します',
  credentials: 'チャネルアクセストークンが無効なため送信を保留しています（正しいトークンが設定されると送信します）',
  bot_suspended: 'LINEがこのアカウントを停止しているため送信を保留しています（停止が解除されると送信します）',
  line_unavailable: 'LINEに接続できないため、少し待ってから送信し直します',
};

/** A delivery that waits: why, in words, and when it is tried (or its reason checked) next. */
export const deliveryWait = z.object({
  reason: z.enum(DELIVERY_WAIT_REASONS),
  message: z.string(),
  next_attempt_at: timestamp,
});
export type DeliveryWait = z.infer<typeof deliveryWait>;

/** What "今すぐ再試行" did: deliveries handed to the senders now, and those still waiting (their reason holds). */
export const deliveryRetryResult = z.object({
  released: z.number().int(),
  waiting: z.number().int(),
});
export type DeliveryRetryResult = z.infer<typeof deliveryRetryResult>;

export const deliveriesApi = {
  retry: endpoint({
    method: 'POST',
    path: '/service/deliveries/retry',
    summary:
      "Checks the channel's waiting deliveries now (re-reads the quota, re-checks the token) and sends those that may go (needs the send_messages capability)",
    access: sessionOf('service'),
    permission: { capability: 'send_messages' },
    response: dataOf(deliveryRetryResult),
  }),
};
