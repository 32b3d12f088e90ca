/**
 * The OEM the admin area acts on, as the `oem_id` to send with admin requests: undefined acts on
 * the admin's own OEM. (Placeholder until the admin header's OEM picker provides the choice.)
 */
export function useActingOem(): number | undefined {
  return undefined;
}
