import 'i18next';
import type { Messages } from './ja.ts';
import type { AccountStrings } from './parts/account.ts';
import type { AdminStrings } from './parts/admin.ts';
import type { DeliveryStrings } from './parts/delivery.ts';
import type { FoldersStrings } from './parts/folders.ts';
import type { FriendPlansStrings } from './parts/friend-plans.ts';
import type { FriendsStrings } from './parts/friends.ts';
import type { LabelsStrings } from './parts/labels.ts';
import type { LineMessageStrings } from './parts/line-message.ts';
import type { MessageBuilderStrings } from './parts/message-builder.ts';
import type { PhonePanelStrings } from './parts/phone-panel.ts';
import type { PlanAnalysisStrings } from './parts/plan-analysis.ts';
import type { PlansStrings } from './parts/plans.ts';
import type { PublicStrings } from './parts/public.ts';
import type { TalksStrings } from './parts/talks.ts';
import type { TemplatesStrings } from './parts/templates.ts';

/** Every key a screen may use: the shell's and those its area or feature adds (parts/). */
type AllMessages = Messages &
  AccountStrings &
  AdminStrings &
  DeliveryStrings &
  FoldersStrings &
  FriendPlansStrings &
  FriendsStrings &
  LabelsStrings &
  LineMessageStrings &
  MessageBuilderStrings &
  PhonePanelStrings &
  PlanAnalysisStrings &
  PlansStrings &
  PublicStrings &
  TalksStrings &
  TemplatesStrings;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AllMessages };
  }
}
