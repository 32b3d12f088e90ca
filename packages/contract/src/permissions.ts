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

/** The features whose folders a folder type's route acts on (the folder type decides which one). */
export const FOLDER_FEATURES = [
  'tags',
  'marks',
  'templates',
  'plans',
  'forms',
  'inflows',
  'rich_menus',
  'conversions',
] as const satisfies readonly Feature[];

/**
 * What an endpoint needs beyond its access (the session role). Staff permissions bind service
 * sessions; the other roles act on their own area in full, so their routes say why they need
 * nothing more. Every endpoint that changes state declares one (the contract's type and the
 * server's route table refuse one without it):
 * - a staff feature level or capability;
 * - `allOf`: several of them (sending needs the talks feature and the send_messages capability);
 * - `folderTypeLevel`: the level on the feature of the folder type the request names, checked again
 *   by the folders service once it knows the type (the route refuses a user with that level on no
 *   folder feature at all);
 * - `none`: nothing more than the access, with the reason (login, the caller's own session, a role
 *   that owns its whole area).
 */
export type EndpointPermission =
  | PermissionRequirement
  | { allOf: readonly PermissionRequirement[] }
  | { folderTypeLevel: Exclude<Level, 'none'> }
  | { none: string };

/** Whether a staff user's permissions pass an endpoint's declaration (before any per-record check). */
export function allowsEndpoint(granted: Permissions, needed: EndpointPermission): boolean {
  if ('none' in needed) return true;
  if ('allOf' in needed) return needed.allOf.every((requirement) => allows(granted, requirement));
  if ('folderTypeLevel' in needed) {
    return FOLDER_FEATURES.some((feature) => allows(granted, { feature, level: needed.folderTypeLevel }));
  }
  return allows(granted, needed);
}

export function permissionsWith(levelForAll: Level, capabilities: boolean): Permissions {
  return {
    features: Object.fromEntries(FEATURES.map((f) => [f, levelForAll])) as Permissions['features'],
    send_messages: capabilities,
    personal_data: capabilities,
  };
}
