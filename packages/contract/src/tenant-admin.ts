/** Why the admin area's mutating endpoints need no staff permission: the OEM scope decides. */
export const OEM_ADMIN_PERMISSION = { none: "admins manage their own OEM's data (the acting OEM scope)" } as const;

export const TENANT_STATUSES = ['active', 'suspended'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];
