import { DEFAULT_THRESHOLDS } from '@linq/contract';
import { expect } from 'vitest';
import type { Tenant } from '../../test/factory.ts';
import { inChannel, NOT_FOUND, probes, type Entry, type IsolationModule } from '../../test/isolation.ts';
import { incidents } from './schema.ts';

/** Per tenant's first channel: an open incident (made below). */
const incidentFixtures = new Map<number, number>();
const incidentIn = (tenant: Tenant) => incidentFixtures.get(tenant.channels[0]!.id)!;
const asA = (a: Tenant) => ({ token: a.tokens.staff, lineAccountId: a.channels[0]!.id });
const inB = (a: Tenant, b: Tenant) => ({ token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] });

/** A's staff reaching for B's incident by id (404); with B's channel in the header, 403. */
const byId = (path: (id: number) => string, body?: unknown): Entry =>
  probes((a, b) => [
    { path: path(incidentIn(b)), ...asA(a), answers: NOT_FOUND, ...(body ? { body } : {}) },
    { path: path(incidentIn(a)), ...inB(a, b), ...(body ? { body } : {}) },
  ]);

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const lineAccountId = tenant.channels[0]!.id;
      const at = new Date();
      const [row] = await t.runtime.ctx.database.db
        .insert(incidents)
        .values({
          lineAccountId,
          detector: 'signature_failures',
          severity: 'warning',
          firstSeenAt: at,
          lastSeenAt: at,
          metric: 'signature_failures',
        })
        .returning();
      expect(row).toBeDefined();
      incidentFixtures.set(lineAccountId, row!.id);
    }
  },
  routes: () => ({
    'GET /api/service/abnormal_detections': probes((a, b) => [
      { path: '/service/abnormal_detections', ...asA(a), answers: [200], absentIds: [incidentIn(b)] },
      { path: '/service/abnormal_detections', ...inB(a, b) },
    ]),
    'GET /api/service/abnormal_detections/:id': byId((id) => `/service/abnormal_detections/${id}`),
    'POST /api/service/abnormal_detections/:id/acknowledge': byId(
      (id) => `/service/abnormal_detections/${id}/acknowledge`,
      { comment: 'probe' },
    ),
    'POST /api/service/abnormal_detections/:id/resolve': byId((id) => `/service/abnormal_detections/${id}/resolve`, {
      comment: 'probe',
    }),
    'GET /api/service/abnormal_detection_settings': inChannel('/service/abnormal_detection_settings', [200]),
    'PUT /api/service/abnormal_detection_settings/thresholds': probes((a, b) => [
      { path: '/service/abnormal_detection_settings/thresholds', ...inB(a, b), body: DEFAULT_THRESHOLDS },
    ]),
    'PUT /api/service/abnormal_detection_settings/notify': probes((a, b) => [
      { path: '/service/abnormal_detection_settings/notify', ...inB(a, b), body: { notify_me: true } },
    ]),
  }),
};
