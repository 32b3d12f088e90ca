import 'i18next';
import type { StringParts } from './index.ts';
import type { Messages } from './ja.ts';

/** The parts' texts together (overlapping keys, such as each screen's tutorial, merge). */
type Together<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;

/** Every key a screen may use: the shell's and those each area or feature adds (StringParts). */
type AllMessages = Messages & Together<StringParts[keyof StringParts]>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AllMessages };
  }
}
