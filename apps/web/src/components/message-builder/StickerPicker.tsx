import { CheckCircleFilled } from '@ant-design/icons';
import { SENDABLE_STICKERS, stickerImageUrl } from '@linq/contract';
import { Button, Flex, Select, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Picture } from '../line-message/LineMessageView.tsx';
import { Field } from './fields.tsx';
import '../../app/i18n/parts/message-builder.ts';

/** A sticker LINE lets bots send: a package, then a sticker from its grid. */
export function StickerPicker({
  packageId,
  stickerId,
  onChange,
}: {
  packageId: string | null;
  stickerId: string | null;
  onChange: (sticker: { packageId: string; stickerId: string }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [shownPackage, setShownPackage] = useState(
    () => SENDABLE_STICKERS.find((pack) => pack.packageId === packageId)?.packageId ?? SENDABLE_STICKERS[0]?.packageId,
  );
  const pack = SENDABLE_STICKERS.find((candidate) => candidate.packageId === shownPackage);

  return (
    <>
      <Field path={['sticker_package_id']} label={t('messageBuilder.sticker.package')} htmlFor={`${id}-package`}>
        <Select
          id={`${id}-package`}
          value={shownPackage}
          onChange={setShownPackage}
          options={SENDABLE_STICKERS.map((candidate) => ({
            value: candidate.packageId,
            label: t('messageBuilder.sticker.packageOption', {
              id: candidate.packageId,
              count: candidate.stickerIds.length,
            }),
          }))}
          style={{ width: '100%', maxWidth: 320 }}
          data-testid="builder-sticker-package"
        />
      </Field>
      <Field
        path={['sticker_id']}
        label={t('messageBuilder.sticker.sticker')}
        help={
          packageId && stickerId
            ? t('messageBuilder.sticker.selected', { packageId, stickerId })
            : t('messageBuilder.sticker.none')
        }
      >
        <div
          role="group"
          aria-label={t('messageBuilder.sticker.grid')}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))', gap: 6 }}
        >
          {pack?.stickerIds.map((candidate) => {
            const selected = pack.packageId === packageId && candidate === stickerId;
            const name = t('messageBuilder.sticker.item', { id: candidate });
            return (
              <Button
                key={candidate}
                type={selected ? 'primary' : 'default'}
                ghost={selected}
                aria-label={name}
                aria-pressed={selected}
                title={name}
                onClick={() => onChange({ packageId: pack.packageId, stickerId: candidate })}
                style={{ height: 80, padding: 4, position: 'relative', borderWidth: selected ? 2 : 1 }}
                data-testid={`builder-sticker-${candidate}`}
                data-selected={selected}
              >
                <Flex vertical align="center" justify="center" style={{ width: '100%', height: '100%' }}>
                  <Picture
                    src={stickerImageUrl(candidate)}
                    alt=""
                    style={{ width: 56, height: 56, objectFit: 'contain' }}
                    fallback={
                      <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                        {candidate}
                      </Typography.Text>
                    }
                  />
                  {selected && (
                    <CheckCircleFilled aria-hidden style={{ position: 'absolute', top: 4, right: 4, fontSize: 14 }} />
                  )}
                </Flex>
              </Button>
            );
          })}
        </div>
      </Field>
    </>
  );
}
