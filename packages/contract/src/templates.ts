import { z } from 'zod';
import { dataOf, id, idNumber, idParams, listOf, requiredText, timestamp } from './common.ts';
import { endpoint, platformAdmin, sessionOf } from './http.ts';
import { uploadedImage } from './files.ts';
import { templateSavePayload } from './message-builder/attributes.ts';
import { builderMessage, messageType } from './message-builder/model.ts';

export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_PAGE_SIZE = 20;

export const templateListQuery = z.object({
  message_type: messageType.optional(),
  /** Only templates in this folder. */
  folder_id: id.optional(),
  /** Name search (anywhere in the name, case-insensitive). */
  name: z.string().trim().max(255).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(TEMPLATE_PAGE_SIZE),
});
export type TemplateListQuery = z.input<typeof templateListQuery>;

/** A template as lists show it, with its message for the preview. */
export const templateListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  message_type: messageType,
  folder_id: z.number().int().nullable(),
  /** The folder's name (teppan templates are browsed by service users, who cannot list admin folders). */
  folder_name: z.string().nullable(),
  message: builderMessage,
  updated_at: timestamp,
});
export type TemplateListItem = z.infer<typeof templateListItem>;

/** The first (and only) box of a template as the plan editor inserts it (spec section 3, Plan action). */
export const templateBox = z.object({
  id: z.null(),
  box_id: z.string(),
  box_level: z.number().int(),
  box_index: z.number().int(),
  parent_box_id: z.string().nullable(),
  parent_box_ids: z.array(z.string()),
  x: z.number(),
  y: z.number(),
  box_width: z.number(),
  box_height: z.number(),
  diagram_hide: z.boolean(),
  diagram_hide_children: z.boolean(),
  message_type: messageType,
  message: builderMessage,
  should_empty: z.boolean(),
  use_template: z.boolean(),
});
export type TemplateBox = z.infer<typeof templateBox>;

/**
 * GET /service/templates/{id} (spec section 7): the template as a plan of one box, so the plan
 * editor can insert it; the template editor reads its message from the box.
 */
export const templateDetail = z.object({
  plan: z.object({
    id: z.number().int(),
    name: z.string(),
    message_type: messageType,
    folder_id: z.number().int().nullable(),
    updated_at: timestamp,
  }),
  plan_actions: z.array(templateBox),
  plan_timings: z.array(z.never()),
});
export type TemplateDetail = z.infer<typeof templateDetail>;

export const sendTemplateInput = z.object({ friend_id: id });
export const copyTemplateInput = z.object({
  /** The folder the copy goes to (the original's folder when omitted; none for a teppan copy). */
  folder_id: idNumber.nullable().optional(),
});
export const templateNameInput = requiredText(TEMPLATE_NAME_MAX);

function templateEndpoints<const Base extends string>(base: Base, role: 'service' | 'admin', who: string) {
  // Teppan templates are the platform's own: platform admins only.
  const access = role === 'service' ? sessionOf(role) : platformAdmin;
  const view = role === 'service' ? { permission: { feature: 'templates', level: 'view' } as const } : {};
  const edit = {
    permission:
      role === 'service'
        ? ({ feature: 'templates', level: 'edit' } as const)
        : { none: 'platform administrators curate teppan templates' },
  };
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      summary: `${who} templates, newest first`,
      access,
      ...view,
      query: templateListQuery,
      response: listOf(templateListItem),
    }),
    get: endpoint({
      method: 'GET',
      path: `${base}/:id`,
      summary: `One ${who.toLowerCase()} template as a plan of one box (plan, plan_actions, plan_timings)`,
      access,
      ...view,
      params: idParams,
      response: templateDetail,
    }),
    create: endpoint({
      method: 'POST',
      path: base,
      summary: `Create a ${who.toLowerCase()} template (save format: message_attributes, template_attributes)`,
      access,
      ...edit,
      body: templateSavePayload,
      response: templateDetail,
      successStatus: 201,
    }),
    update: endpoint({
      method: 'PUT',
      path: `${base}/:id`,
      summary: `Save a ${who.toLowerCase()} template; saved items keep their ids`,
      access,
      ...edit,
      params: idParams,
      body: templateSavePayload,
      response: templateDetail,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:id`,
      summary: `Delete a ${who.toLowerCase()} template`,
      access,
      ...edit,
      params: idParams,
      response: dataOf(z.object({ id: z.number().int() })),
    }),
    copy: endpoint({
      method: 'POST',
      path: `${base}/:id/copy`,
      summary: `Copy a ${who.toLowerCase()} template (name + "のコピー")`,
      access,
      ...edit,
      params: idParams,
      body: copyTemplateInput,
      response: templateDetail,
      successStatus: 201,
    }),
    uploadImage: endpoint({
      method: 'POST',
      path: `${base}/images`,
      summary: `Upload one JPEG or PNG for a ${who.toLowerCase()} template (multipart/form-data, field "file")`,
      access,
      ...edit,
      response: dataOf(uploadedImage),
      successStatus: 201,
    }),
  };
}

/** The channel's templates (LineAccountId header). */
export const templatesApi = {
  ...templateEndpoints('/service/templates', 'service', 'Channel'),
  sendTest: endpoint({
    method: 'POST',
    path: '/service/templates/:id/send_test',
    summary: 'Send a template to one friend (needs the send_messages capability)',
    access: sessionOf('service'),
    permission: { allOf: [{ feature: 'templates', level: 'view' }, { capability: 'send_messages' }] },
    params: idParams,
    body: sendTemplateInput,
    response: dataOf(z.object({ message_id: z.number().int() })),
    successStatus: 201,
  }),
};

/** The platform's teppan (鉄板) templates, curated by administrators in admin folders. */
export const teppanTemplatesApi = templateEndpoints('/admin/teppan/templates', 'admin', 'Teppan');

/** Service users browse teppan templates and copy one into their channel. */
export const teppanBrowseApi = {
  list: endpoint({
    method: 'GET',
    path: '/service/teppan/templates',
    summary: 'Teppan templates offered to every channel',
    access: sessionOf('service'),
    permission: { feature: 'templates', level: 'view' },
    query: templateListQuery,
    response: listOf(templateListItem),
  }),
  copy: endpoint({
    method: 'POST',
    path: '/service/teppan/templates/:id/copy',
    summary: "Copy a teppan template into the channel's templates",
    access: sessionOf('service'),
    permission: { feature: 'templates', level: 'edit' },
    params: idParams,
    body: copyTemplateInput,
    response: templateDetail,
    successStatus: 201,
  }),
};
