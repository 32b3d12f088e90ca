import type { LabelUse } from '@linq/contract';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import '../../../app/i18n/parts/labels.ts';

const KNOWN_USES = ['target', 'effect', 'box_effect', 'trigger'] as const;

/** One use as the user reads it: where, by the user's name (a plan's…), never an id. */
export function labelUseText(t: TFunction, use: LabelUse): string {
  const where = (KNOWN_USES as readonly string[]).includes(use.where) ? use.where : 'other';
  return t(`labels.uses.${where as (typeof KNOWN_USES)[number] | 'other'}`, { name: use.name });
}

/** The delete confirmation's body for a label in use: what uses it. */
export function LabelUsesList({ t, noun, uses }: { t: TFunction; noun: string; uses: readonly LabelUse[] }) {
  return (
    <div data-testid="label-uses">
      <Typography.Paragraph>{t('labels.usedIntro', { noun })}</Typography.Paragraph>
      <ul>
        {uses.map((use) => (
          <li key={`${use.feature}-${use.id}-${use.where}`} data-testid="label-use">
            {labelUseText(t, use)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The list as a confirmation's content (the labels' actions are no component). */
export const usesContent = (t: TFunction, noun: string, uses: readonly LabelUse[]) => (
  <LabelUsesList t={t} noun={noun} uses={uses} />
);
