import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Picture } from '../line-message/LineMessageView.tsx';
import { useBuilder, type UploadedBuilderImage } from './builder-context.ts';
import { imageFileProblem } from './image-file.ts';
import '../../app/i18n/parts/message-builder.ts';

/** The natural size of an image (an uploaded address, or a chosen file's object URL). */
export function loadImageSize(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('unreadable image'));
    image.src = src;
  });
}

async function fileImageSize(file: File): Promise<{ width: number; height: number }> {
  const address = URL.createObjectURL(file);
  try {
    return await loadImageSize(address);
  } finally {
    URL.revokeObjectURL(address);
  }
}

/**
 * Picks a JPEG/PNG, checks it before uploading (type and size, and `checkSize` on its pixels when
 * given), uploads it through the page and reports the uploaded image with its size. The reason of
 * any refusal is shown next to the button.
 */
export function ImageUploadButton({
  onUploaded,
  checkSize,
  label,
  icon = <UploadOutlined />,
  disabled = false,
  testId,
}: {
  onUploaded: (image: UploadedBuilderImage) => void;
  /** A reason to refuse an image of this size, or null. */
  checkSize?: (size: { width: number; height: number }) => string | null;
  label: string;
  icon?: ReactNode;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const { uploadImage, disabled: builderDisabled } = useBuilder();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function upload(file: File) {
    setProblem(null);
    setUploading(true);
    try {
      if (checkSize) {
        const reason = checkSize(await fileImageSize(file));
        if (reason) {
          setProblem(reason);
          return;
        }
      }
      const uploaded = await uploadImage(file);
      const size = uploaded.width > 0 && uploaded.height > 0 ? uploaded : await loadImageSize(uploaded.url);
      onUploaded({ url: uploaded.url, width: size.width, height: size.height });
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : t('messageBuilder.image.uploadFailed'));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Flex vertical gap={4} align="flex-start">
      <Upload
        accept="image/jpeg,image/png"
        showUploadList={false}
        disabled={builderDisabled || disabled || uploading}
        beforeUpload={(file) => {
          const reason = imageFileProblem(file);
          if (reason) setProblem(reason);
          else void upload(file);
          // The page uploads; antd must not send the file itself.
          return false;
        }}
      >
        <Button icon={icon} loading={uploading} disabled={builderDisabled || disabled} data-testid={testId}>
          {uploading ? t('messageBuilder.image.uploading') : label}
        </Button>
      </Upload>
      {problem && (
        <Typography.Text type="danger" role="alert" data-testid="builder-upload-problem">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** An optional or required image: its thumbnail with replace and remove, or an upload button. */
export function ImageField({
  url,
  onChange,
  removable,
  testId,
  checkSize,
}: {
  url: string | null;
  onChange: (image: UploadedBuilderImage | null) => void;
  removable: boolean;
  testId: string;
  /** A LINE rule on the image's pixels, checked before uploading (see ImageUploadButton). */
  checkSize?: (size: { width: number; height: number }) => string | null;
}) {
  const { t } = useTranslation();
  const { disabled } = useBuilder();
  if (!url) {
    return (
      <Flex vertical gap={4}>
        <ImageUploadButton
          onUploaded={onChange}
          checkSize={checkSize}
          label={t('messageBuilder.image.upload')}
          testId={`${testId}-upload`}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('messageBuilder.image.hint')}
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8} align="flex-start">
      <Picture
        src={url}
        alt={t('messageBuilder.image.alt')}
        style={{
          display: 'block',
          maxWidth: '100%',
          width: 240,
          maxHeight: 240,
          objectFit: 'contain',
          borderRadius: 8,
        }}
        fallback={
          <Typography.Text type="secondary">
            <PictureOutlined /> {t('messageBuilder.image.unavailable')}
          </Typography.Text>
        }
      />
      <Flex gap={8} wrap>
        <ImageUploadButton
          onUploaded={onChange}
          checkSize={checkSize}
          label={t('messageBuilder.image.replace')}
          testId={`${testId}-replace`}
        />
        {removable && (
          <Button
            icon={<DeleteOutlined />}
            danger
            disabled={disabled}
            onClick={() => onChange(null)}
            data-testid={`${testId}-remove`}
          >
            {t('messageBuilder.image.remove')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
