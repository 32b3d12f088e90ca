/*
 * The message builder (templates, talks, plans) and its LINE-like preview. Pages use only these.
 */
export type { InfoField, UploadedBuilderImage } from './builder-context.ts';
export { hasBlockingIssues, MessageBuilder, type MessageBuilderProps } from './MessageBuilder.tsx';
export { MessagePreview, type MessagePreviewProps } from './MessagePreview.tsx';
export { sampleContext } from './preview-context.ts';
