import { z } from 'zod';

/** Service features a staff authority grants none / view / edit on (DESIGN.md section 5). */
export const FEATURES = [
  'dashboard',
  'friends',
  'talks',
  'tags',
  'marks',
  'templates',
  'plans',
  'plan_analysis',
  'rich_menus',
  'forms',
  'inflows',
  'conversions',
  'abnormal_detection',
  'exports',
] as const;
export type Feature = (typeof FEATURES)[number];
export const LEVELS = ['none', 'view', 'edit'] as const;
export type Level = (typeof LEVELS)[number];
/** Capabilities granted on their own, beside the feature levels. */
export const CAPABILITIES = ['send_messages', 'personal_data'] as const;
export type Capability = (typeof CAPABILITIES)[number];

const level = z.enum(LEVELS);
export const featureLevels = z.object(
  Object.fromEntries(FEATURES.map((f) => [f, level])) as { [K in Feature]: typeof level },
);
export const permissions = z.object({
  features: featureLevels,
  send_messages: z.boolean(),
  personal_data: z.boolean(),
});
export type Permissions = z.infer<typeof permissions>;

export type PermissionRequirement = { feature: Feature; level: Exclude<Level, 'none'> } | { capability: Capability };

const rank: Record<Level, number> = { none: 0, view: 1, edit: 2 };

export function allows(granted: Permissions, needed: PermissionRequirement): boolean {
  if ('capability' in needed) return granted[needed.capability];
  return rank[granted.features[needed.feature]] >= rank[needed.level];
}

export function permissionsWith(levelForAll: Level, capabilities: boolean): Permissions {
  return {
    features: Object.fromEntries(FEATURES.map((f) => [f, levelForAll])) as Permissions['features'],
    send_messages: capabilities,
    personal_data: capabilities,
  };
}
