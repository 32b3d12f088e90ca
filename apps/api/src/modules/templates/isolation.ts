import type { TemplateDetail } from '@linq/contract';
import { expect } from 'vitest';
import type { Tenant } from '../../test/factory.ts';
import {
  platformOnly,
  inChannel,
  INVALID,
  NOT_FOUND,
  probes,
  type Entry,
  type IsolationModule,
} from '../../test/isolation.ts';
import { talkFriend } from '../talks/isolation.ts';
import { folders } from '../folders/schema.ts';
import { messageOf, payloadOf } from './test-support.ts';

/** Per tenant's first channel: a templates folder and a confirm template in it (created below); one teppan template. */
const templateFixtures = new Map<number, { folder: number; template: TemplateDetail }>();
let teppanTemplate: TemplateDetail;
export const templateIn = (tenant: Tenant) => templateFixtures.get(tenant.channels[0]!.id)!.template;
const templateFolderIn = (tenant: Tenant) => templateFixtures.get(tenant.channels[0]!.id)!.folder;
/** A save of A's own template that names B's items or B's folder. */
const templateSave = (a: Tenant, overrides: { folderOf?: Tenant; messageIdOf?: Tenant }) => {
  const message = { ...templateIn(a).plan_actions[0]!.message };
  if (overrides.messageIdOf) {
    const theirs = templateIn(overrides.messageIdOf).plan_actions[0]!.message;
    message.id = theirs.id;
    message.message_confirm = theirs.message_confirm;
  }
  const folderId = overrides.folderOf ? templateFolderIn(overrides.folderOf) : null;
  return payloadOf(message, { name: 'probe-template', folder_id: folderId }, templateIn(a).plan.id);
};
/**
 * Channel templates: A's staff with A's channel in the header reaching for B's template (404), or
 * naming B's items, folder or friend from A's own template (422, 404); with B's channel in the header, 403.
 */
const channelTemplate = (route: 'list' | 'get' | 'create' | 'update' | 'remove' | 'copy' | 'sendTest'): Entry =>
  probes((a, b) => {
    const base = '/service/templates';
    const [mine, theirs] = [templateIn(a).plan.id, templateIn(b).plan.id];
    const asA = { token: a.tokens.staff, lineAccountId: a.channels[0]!.id };
    const inB = { token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] };
    const newTemplate = (folderOf?: Tenant) => ({
      ...templateSave(a, folderOf ? { folderOf } : {}),
      id: null,
      message_attributes: payloadOf(messageOf('text_message')).message_attributes,
    });
    switch (route) {
      case 'list':
        return [
          { path: base, ...asA, answers: [200], absentIds: [theirs] },
          { path: base, ...asA, query: { folder_id: templateFolderIn(b) }, answers: [200], absentIds: [theirs] },
          { path: base, ...inB },
        ];
      case 'get':
        return [
          { path: `${base}/${theirs}`, ...asA, answers: NOT_FOUND },
          { path: `${base}/${mine}`, ...inB },
        ];
      case 'create':
        return [
          { path: base, ...asA, body: newTemplate(b), answers: INVALID },
          { path: base, ...asA, body: { ...templateSave(a, { messageIdOf: b }), id: null }, answers: INVALID },
          { path: base, ...inB, body: newTemplate() },
        ];
      case 'update':
        return [
          { path: `${base}/${theirs}`, ...asA, body: templateSave(b, {}), answers: NOT_FOUND },
          { path: `${base}/${mine}`, ...asA, body: templateSave(a, { messageIdOf: b }), answers: INVALID },
          { path: `${base}/${mine}`, ...asA, body: templateSave(a, { folderOf: b }), answers: INVALID },
          { path: `${base}/${mine}`, ...inB, body: templateSave(a, {}) },
        ];
      case 'remove':
        return [
          { path: `${base}/${theirs}`, ...asA, answers: NOT_FOUND },
          { path: `${base}/${mine}`, ...inB },
        ];
      case 'copy':
        return [
          { path: `${base}/${theirs}/copy`, ...asA, body: {}, answers: NOT_FOUND },
          { path: `${base}/${mine}/copy`, ...asA, body: { folder_id: templateFolderIn(b) }, answers: INVALID },
          { path: `${base}/${mine}/copy`, ...inB, body: {} },
        ];
      case 'sendTest':
        return [
          { path: `${base}/${theirs}/send_test`, ...asA, body: { friend_id: talkFriend(a) }, answers: NOT_FOUND },
          { path: `${base}/${mine}/send_test`, ...asA, body: { friend_id: talkFriend(b) }, answers: NOT_FOUND },
          { path: `${base}/${mine}/send_test`, ...inB, body: { friend_id: talkFriend(a) } },
        ];
    }
  });
const teppanAdmin = '/admin/teppan/templates';
export const isolation: IsolationModule = {
  async setup(t, tenants) {
    const db = t.runtime.ctx.database.db;
    for (const tenant of tenants) {
      const lineAccountId = tenant.channels[0]!.id;
      const [folder] = await db
        .insert(folders)
        .values({ scope: 'service', lineAccountId, folderType: 'templates', name: 'isolation' })
        .returning();
      const created = await t.request({
        method: 'POST',
        path: '/service/templates',
        token: tenant.tokens.staff,
        lineAccountId,
        body: payloadOf(messageOf('confirm'), { name: 'isolation', folder_id: folder!.id }),
      });
      expect(created.status).toBe(201);
      templateFixtures.set(lineAccountId, { folder: folder!.id, template: created.json as unknown as TemplateDetail });
    }
    const admin = await t.factory.user('admin');
    const teppan = await t.request({
      method: 'POST',
      path: '/admin/teppan/templates',
      token: await t.factory.login('admin', admin.email),
      body: payloadOf(messageOf('carousel'), { name: 'isolation' }),
    });
    expect(teppan.status).toBe(201);
    teppanTemplate = teppan.json as unknown as TemplateDetail;
  },
  routes: () => ({
    'GET /api/service/templates': channelTemplate('list'),
    'GET /api/service/templates/:id': channelTemplate('get'),
    'POST /api/service/templates': channelTemplate('create'),
    'PUT /api/service/templates/:id': channelTemplate('update'),
    'DELETE /api/service/templates/:id': channelTemplate('remove'),
    'POST /api/service/templates/:id/copy': channelTemplate('copy'),
    'POST /api/service/templates/:id/send_test': channelTemplate('sendTest'),
    // Uploads name no id; the channel header is the only tenant input (a JSON body in A's own channel is a wrong file).
    'POST /api/service/templates/images': inChannel('/service/templates/images', INVALID, {}),
    'GET /api/admin/teppan/templates': platformOnly(() => teppanAdmin),
    'GET /api/admin/teppan/templates/:id': platformOnly((b) => `${teppanAdmin}/${templateIn(b).plan.id}`),
    'POST /api/admin/teppan/templates': platformOnly(
      () => teppanAdmin,
      () => payloadOf(messageOf('text_message')),
    ),
    'PUT /api/admin/teppan/templates/:id': platformOnly(
      (b) => `${teppanAdmin}/${templateIn(b).plan.id}`,
      (b) => templateSave(b, {}),
    ),
    'DELETE /api/admin/teppan/templates/:id': platformOnly((b) => `${teppanAdmin}/${templateIn(b).plan.id}`),
    'POST /api/admin/teppan/templates/:id/copy': platformOnly(
      (b) => `${teppanAdmin}/${templateIn(b).plan.id}/copy`,
      () => ({}),
    ),
    'POST /api/admin/teppan/templates/images': platformOnly(() => `${teppanAdmin}/images`),
    // Teppan templates are the platform's: a channel's template is never one, nor B's folder A's.
    'GET /api/service/teppan/templates': probes((a, b) => [
      {
        path: '/service/teppan/templates',
        token: a.tokens.staff,
        lineAccountId: a.channels[0]!.id,
        answers: [200],
        absentIds: [templateIn(b).plan.id],
      },
      { path: '/service/teppan/templates', token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] },
    ]),
    'POST /api/service/teppan/templates/:id/copy': probes((a, b) => {
      const asA = { token: a.tokens.staff, lineAccountId: a.channels[0]!.id };
      return [
        { path: `/service/teppan/templates/${templateIn(b).plan.id}/copy`, ...asA, body: {}, answers: NOT_FOUND },
        {
          path: `/service/teppan/templates/${teppanTemplate.plan.id}/copy`,
          ...asA,
          body: { folder_id: templateFolderIn(b) },
          answers: INVALID,
        },
        {
          path: `/service/teppan/templates/${teppanTemplate.plan.id}/copy`,
          token: a.tokens.staff,
          lineAccountId: b.channels[0]!.id,
          body: {},
          answers: [403],
        },
      ];
    }),
  }),
};
