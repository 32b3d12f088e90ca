import { z } from 'zod';
import { id } from './common.ts';

/**
 * The OEM an admin endpoint acts on: a platform admin names it (`oem_id`, else their own, the
 * default OEM); an OEM admin always acts on their own, and naming another OEM is a 404.
 */
export const actingOemQuery = z.object({ oem_id: id.optional() });
export type ActingOemQuery = z.input<typeof actingOemQuery>;
