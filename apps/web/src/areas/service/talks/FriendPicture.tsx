import { fillPath, talksApi } from '@linq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../app/api/request.ts';
import { tabChannelId } from '../../../app/channels/tab-channel.ts';
import { ImagePlaceholder } from '../../../components/line-message/LineMessageView.tsx';
import '../../../app/i18n/parts/line-message.ts';

/*
 * A picture a friend sent. LINE gives it no address: the console serves the copy it fetched from
 * LINE's content API, behind the session (an <img> cannot send the token), so it is read as a Blob
 * and shown through an object URL.
 */

/** Keyed like the endpoint's other reads (path, channel, input); a message's picture never changes. */
function friendPictureQuery(messageId: number) {
  const lineAccountId = tabChannelId();
  const params = { id: messageId };
  return queryOptions<Blob>({
    queryKey: [talksApi.content.path, { lineAccountId }, { params }],
    queryFn: async ({ signal }) => {
      const body = await request({
        method: 'GET',
        path: fillPath(talksApi.content.path, params),
        authenticated: true,
        lineAccountId,
        // A picture LINE no longer keeps shows as the placeholder, without an error toast.
        handles: 'http',
        signal,
      });
      if (!(body instanceof Blob)) throw new Error('not a picture');
      return body;
    },
    staleTime: Infinity,
  });
}

/** An object URL of `blob` for as long as the component shows it. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

export function FriendPicture({ messageId }: { messageId: number }) {
  const { t } = useTranslation();
  const picture = useQuery(friendPictureQuery(messageId));
  const src = useObjectUrl(picture.data);
  const [failed, setFailed] = useState(false);
  if (picture.isError || failed) return <ImagePlaceholder />;
  if (!src) return <div style={{ width: 200, height: 120, borderRadius: 12 }} aria-busy="true" />;
  return (
    <img
      src={src}
      alt={t('lineMessage.image')}
      data-testid="talk-friend-picture"
      style={{ display: 'block', maxWidth: 200, maxHeight: 240, borderRadius: 12 }}
      onError={() => setFailed(true)}
    />
  );
}
