import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { answersPageForExport, formsPageForExport } from '../forms/repository.ts';
import * as infoFields from '../friends/info-field-repository.ts';
import { friendsPageForExport, infoValuesOf, labelsOf } from '../friends/repository.ts';
import { attributionsOfFriendsForExport } from '../inflows/repository.ts';
import { partsOf, plansPageForExport } from '../plans/repository.ts';
import { areasOf, menusPageForExport } from '../rich-menus/repository.ts';
import { messagesPageForExport } from '../talks/repository.ts';
import { channelTemplatesPageForExport } from '../templates/repository.ts';
import { partOf, type ExportPart } from './formats.ts';

/*
 * What a full export holds: one dataset per kind of data, each written as CSV and JSON, its columns
 * described once here for both and for the README. Rows are read page by page through the owning
 * modules' export functions (scoped to the channel), so no dataset is ever held whole in memory.
 */

/** Rows read per query. */
export const EXPORT_PAGE = 500;

type Cell = string | number | boolean | null;

export interface Column<Row> {
  /** The CSV header and the JSON key. */
  name: string;
  /** For the README. */
  description: string;
  cell(row: Row): Cell;
  /** Text someone typed (names, messages): a spreadsheet must not read it as a formula. */
  typed?: boolean;
}

export interface Dataset<Row> {
  /** File name without its extension: `<file>.csv` and `<file>.json`. */
  file: string;
  description: string;
  columns: Column<Row>[];
  /** The JSON record of a row, when it holds more than the CSV's cells (lists, nested parts). */
  json?(row: Row): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** The rows, page by page. */
  pages(): AsyncIterable<Row[]>;
}

const iso = (date: Date | null | undefined): string | null => date?.toISOString() ?? null;
const lines = (values: string[]): string => values.join('\n');
const json = (value: unknown): string => JSON.stringify(value);

/** Pages of rows after a cursor (the last row's id), until a short page. */
async function* paged<Row>(fetch: (afterId: number) => Promise<Row[]>, idOf: (row: Row) => number) {
  let after = 0;
  for (;;) {
    const rows = await fetch(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE) return;
    after = idOf(rows.at(-1)!);
  }
}

type FriendBase = Awaited<ReturnType<typeof friendsPageForExport>>[number];
interface FriendRow extends FriendBase {
  tags: string[];
  marks: string[];
  info: Map<number, string>;
  inflows: Awaited<ReturnType<typeof attributionsOfFriendsForExport>>;
}

async function friendsDataset(db: Db, scope: ChannelScope): Promise<Dataset<FriendRow>> {
  const fields = await infoFields.list(db, scope);
  async function* pages() {
    for await (const page of paged(
      (after) => friendsPageForExport(db, scope, after, EXPORT_PAGE),
      (row) => row.id,
    )) {
      const ids = page.map((row) => row.id);
      const labels = await labelsOf(db, scope, ids);
      const values = await infoValuesOf(db, scope, ids);
      const attributions = await attributionsOfFriendsForExport(db, scope, ids);
      const info = new Map(ids.map((id) => [id, new Map<number, string>()]));
      for (const value of values) info.get(value.friendId)?.set(value.fieldId, value.value);
      yield page.map((friend): FriendRow => {
        const own = labels.get(friend.id);
        return {
          ...friend,
          tags: own?.tags.map((tag) => tag.name) ?? [],
          marks: own?.marks.map((mark) => mark.name) ?? [],
          info: info.get(friend.id)!,
          inflows: attributions.filter((a) => a.friendId === friend.id),
        };
      });
    }
  }
  return {
    file: 'friends',
    description: 'Friends (友だち) with their tags, marks, scores, info values and inflows.',
    columns: [
      { name: 'id', description: 'Our id of the friend (other files refer to it as friend_id).', cell: (r) => r.id },
      { name: 'line_user_id', description: "LINE's user id of the friend in this channel.", cell: (r) => r.lineUserId },
      { name: 'display_name', description: "LINE's display name.", cell: (r) => r.displayName, typed: true },
      {
        name: 'name_override',
        description: "The staff's name for the friend, when set.",
        cell: (r) => r.displayNameOverride,
        typed: true,
      },
      { name: 'status', description: 'following or blocked.', cell: (r) => r.status },
      {
        name: 'followed_at',
        description: 'When the friend added the account (ISO 8601).',
        cell: (r) => iso(r.followedAt),
      },
      { name: 'blocked_at', description: 'When the friend blocked the account, if so.', cell: (r) => iso(r.blockedAt) },
      { name: 'score', description: 'The friend score.', cell: (r) => r.score },
      { name: 'language', description: 'The language LINE reports.', cell: (r) => r.language },
      {
        name: 'tags',
        description: 'Tag names, one per line in the CSV cell (a list in JSON).',
        cell: (r) => lines(r.tags),
        typed: true,
      },
      {
        name: 'marks',
        description: 'Mark (対応マーク) names, one per line (a list in JSON).',
        cell: (r) => lines(r.marks),
        typed: true,
      },
      {
        name: 'inflows',
        description: 'Inflow routes (流入経路) the friend came through, one per line (objects in JSON).',
        cell: (r) => lines(r.inflows.map((a) => a.routeName ?? '')),
        typed: true,
      },
      { name: 'notes', description: 'Staff notes.', cell: (r) => r.notes, typed: true },
      { name: 'created_at', description: 'When the friend was first recorded here.', cell: (r) => iso(r.createdAt) },
      ...fields.map((field): Column<FriendRow> => ({
        name: `info:${field.name}`,
        description: `Info field「${field.name}」(${field.fieldType}); in JSON under info.`,
        cell: (r) => r.info.get(field.id) ?? null,
        typed: true,
      })),
    ],
    json: (r) => ({
      id: r.id,
      line_user_id: r.lineUserId,
      display_name: r.displayName,
      name_override: r.displayNameOverride,
      status: r.status,
      followed_at: iso(r.followedAt),
      blocked_at: iso(r.blockedAt),
      score: r.score,
      language: r.language,
      tags: r.tags,
      marks: r.marks,
      info: Object.fromEntries(fields.filter((f) => r.info.has(f.id)).map((f) => [f.name, r.info.get(f.id)])),
      inflows: r.inflows.map((a) => ({
        route: a.routeName,
        kind: a.kind,
        first_touch: a.firstTouch,
        attributed_at: iso(a.attributedAt),
      })),
      notes: r.notes,
      created_at: iso(r.createdAt),
    }),
    pages,
  };
}

type MessageRow = Awaited<ReturnType<typeof messagesPageForExport>>[number];
function messagesDataset(db: Db, scope: ChannelScope): Dataset<MessageRow> {
  return {
    file: 'talks',
    description: 'Every message of the 1:1 talks (トーク), both directions, oldest first.',
    columns: [
      { name: 'id', description: 'Our id of the message.', cell: (r) => r.id },
      { name: 'friend_id', description: 'The friend (friends.id).', cell: (r) => r.friendId },
      {
        name: 'direction',
        description: 'incoming (from the friend) or outgoing (to the friend).',
        cell: (r) => r.direction,
      },
      { name: 'type', description: 'text, image, sticker, template, …', cell: (r) => r.type },
      {
        name: 'text',
        description: 'The text of a text message.',
        cell: (r) => (typeof r.content['text'] === 'string' ? r.content['text'] : null),
        typed: true,
      },
      { name: 'content', description: 'The whole message as JSON.', cell: (r) => json(r.content), typed: true },
      { name: 'occurred_at', description: 'When it was sent or received.', cell: (r) => iso(r.occurredAt) },
    ],
    json: (r) => ({
      id: r.id,
      friend_id: r.friendId,
      direction: r.direction,
      type: r.type,
      content: r.content,
      occurred_at: iso(r.occurredAt),
    }),
    pages: () =>
      paged(
        (after) => messagesPageForExport(db, scope, after, EXPORT_PAGE),
        (row) => row.id,
      ),
  };
}

type TemplateRow = Awaited<ReturnType<typeof channelTemplatesPageForExport>>[number];
function templatesDataset(db: Db, scope: ChannelScope): Dataset<TemplateRow> {
  return {
    file: 'templates',
    description: "The channel's message templates (テンプレート).",
    columns: [
      { name: 'id', description: 'Our id of the template.', cell: (r) => r.id },
      { name: 'name', description: 'Its name.', cell: (r) => r.name, typed: true },
      { name: 'message_type', description: 'text, image, confirm, carousel, …', cell: (r) => r.messageType },
      {
        name: 'message',
        description: 'The message as the builder saves it (JSON).',
        cell: (r) => json(r.message),
        typed: true,
      },
      { name: 'created_at', description: 'When it was created.', cell: (r) => iso(r.createdAt) },
      { name: 'updated_at', description: 'When it was last saved.', cell: (r) => iso(r.updatedAt) },
    ],
    json: (r) => ({
      id: r.id,
      name: r.name,
      message_type: r.messageType,
      message: r.message,
      created_at: iso(r.createdAt),
      updated_at: iso(r.updatedAt),
    }),
    pages: () =>
      paged(
        (after) => channelTemplatesPageForExport(db, scope, after, EXPORT_PAGE),
        (row) => row.id,
      ),
  };
}

type PlanRow = Awaited<ReturnType<typeof plansPageForExport>>[number];
function plansDataset(db: Db, scope: ChannelScope): Dataset<PlanRow> {
  return {
    file: 'plans',
    description: 'Plans (シナリオ): broadcasts, scenarios and auto-replies; the JSON holds their boxes and timings.',
    columns: [
      { name: 'id', description: 'Our id of the plan.', cell: (r) => r.id },
      { name: 'name', description: 'Its name.', cell: (r) => r.name, typed: true },
      { name: 'plan_type', description: 'broadcast, scenario or auto_reply.', cell: (r) => r.planType },
      { name: 'is_active', description: 'Whether it runs.', cell: (r) => r.isActive },
      { name: 'scenario_trigger', description: 'What starts a scenario.', cell: (r) => r.scenarioTrigger },
      { name: 'send_at', description: 'When a broadcast goes out.', cell: (r) => iso(r.sendAt) },
      {
        name: 'auto_keywords',
        description: "An auto-reply's keywords, one per line.",
        cell: (r) => lines(r.autoKeywords),
        typed: true,
      },
      {
        name: 'target',
        description: 'The advanced target (JSON), if any.',
        cell: (r) => (r.target ? json(r.target) : null),
      },
      { name: 'created_at', description: 'When it was created.', cell: (r) => iso(r.createdAt) },
      { name: 'updated_at', description: 'When it was last saved.', cell: (r) => iso(r.updatedAt) },
    ],
    json: async (r) => {
      const parts = await partsOf(db, scope, r);
      return {
        id: r.id,
        name: r.name,
        plan_type: r.planType,
        is_active: r.isActive,
        scenario_trigger: r.scenarioTrigger,
        send_at: iso(r.sendAt),
        auto_keywords: r.autoKeywords,
        target: r.target,
        created_at: iso(r.createdAt),
        updated_at: iso(r.updatedAt),
        parts,
      };
    },
    pages: () =>
      paged(
        (after) => plansPageForExport(db, scope, after, EXPORT_PAGE),
        (row) => row.id,
      ),
  };
}

type FormRow = Awaited<ReturnType<typeof formsPageForExport>>[number];
function formsDataset(db: Db, scope: ChannelScope): Dataset<FormRow> {
  return {
    file: 'forms',
    description: 'Answer forms (回答フォーム) with their questions, settings and actions.',
    columns: [
      { name: 'id', description: 'Our id of the form (form_answers.form_id).', cell: (r) => r.id },
      { name: 'name', description: 'Its name in the console.', cell: (r) => r.name, typed: true },
      { name: 'title', description: 'The title friends see.', cell: (r) => r.title, typed: true },
      { name: 'description', description: 'The text above the questions.', cell: (r) => r.description, typed: true },
      { name: 'fields', description: 'The questions (JSON).', cell: (r) => json(r.fields), typed: true },
      { name: 'answer_count', description: 'Answers received.', cell: (r) => r.answerCount },
      { name: 'created_at', description: 'When it was created.', cell: (r) => iso(r.createdAt) },
    ],
    json: (r) => ({
      id: r.id,
      name: r.name,
      title: r.title,
      description: r.description,
      fields: r.fields,
      settings: r.settings,
      actions: r.actions,
      answer_count: r.answerCount,
      created_at: iso(r.createdAt),
    }),
    pages: () =>
      paged(
        (after) => formsPageForExport(db, scope, after, EXPORT_PAGE),
        (row) => row.id,
      ),
  };
}

type AnswerRow = Awaited<ReturnType<typeof answersPageForExport>>[number];
function answersDataset(db: Db, scope: ChannelScope): Dataset<AnswerRow> {
  return {
    file: 'form_answers',
    description: "The forms' answers, each question's label and answer as at answering time.",
    columns: [
      { name: 'id', description: 'Our id of the answer.', cell: (r) => r.id },
      { name: 'form_id', description: 'The form (forms.id).', cell: (r) => r.formId },
      { name: 'friend_id', description: 'The friend who answered (empty: anonymous).', cell: (r) => r.friendId },
      {
        name: 'answers',
        description: '「question: answer」, one per line (a list of items in JSON).',
        cell: (r) => lines(r.items.map((item) => `${item.label}: ${item.text}`)),
        typed: true,
      },
      { name: 'answered_at', description: 'When it was answered.', cell: (r) => iso(r.answeredAt) },
      { name: 'edited_at', description: 'When it was last edited, if so.', cell: (r) => iso(r.editedAt) },
    ],
    json: (r) => ({
      id: r.id,
      form_id: r.formId,
      friend_id: r.friendId,
      items: r.items.map((item) => ({ label: item.label, type: item.type, text: item.text })),
      answered_at: iso(r.answeredAt),
      edited_at: iso(r.editedAt),
    }),
    pages: () =>
      paged(
        (after) => answersPageForExport(db, scope, after, EXPORT_PAGE),
        (row) => row.id,
      ),
  };
}

type MenuRow = Awaited<ReturnType<typeof menusPageForExport>>[number];

/** Where a menu's image is in the ZIP (empty when it has none). */
export function menuImagePath(menu: Pick<MenuRow, 'id' | 'imageKey' | 'imageType'>): string | null {
  if (!menu.imageKey) return null;
  return `rich_menus/images/${menu.id}.${menu.imageType === 'image/jpeg' ? 'jpg' : 'png'}`;
}

function menusDataset(db: Db, scope: ChannelScope): Dataset<MenuRow> {
  const areasJson = async (menu: MenuRow) =>
    (await areasOf(db, scope, [menu.id])).map((area) => ({
      position: area.position,
      bounds: { x: area.x, y: area.y, width: area.width, height: area.height },
      action: area.action,
    }));
  return {
    file: 'rich_menus',
    description: 'Rich-menu (リッチメニュー) definitions; their images are in rich_menus/images/.',
    columns: [
      { name: 'id', description: 'Our id of the menu.', cell: (r) => r.id },
      { name: 'name', description: 'Its name.', cell: (r) => r.name, typed: true },
      { name: 'chat_bar_text', description: 'The chat-bar text.', cell: (r) => r.chatBarText, typed: true },
      { name: 'width', description: 'Image width (px).', cell: (r) => r.width },
      { name: 'height', description: 'Image height (px).', cell: (r) => r.height },
      { name: 'image', description: 'Path of the image inside this ZIP.', cell: (r) => menuImagePath(r) },
      { name: 'alias_id', description: 'Its tab alias, if any.', cell: (r) => r.aliasId },
      { name: 'publish_state', description: 'draft, publishing, published or failed.', cell: (r) => r.publishState },
      { name: 'display_from', description: 'Shown from (if limited).', cell: (r) => iso(r.displayFrom) },
      { name: 'display_to', description: 'Shown until (if limited).', cell: (r) => iso(r.displayTo) },
      { name: 'created_at', description: 'When it was created.', cell: (r) => iso(r.createdAt) },
    ],
    json: async (r) => ({
      id: r.id,
      name: r.name,
      chat_bar_text: r.chatBarText,
      size: { width: r.width, height: r.height },
      selected: r.selected,
      image: menuImagePath(r),
      alias_id: r.aliasId,
      publish_state: r.publishState,
      display_from: iso(r.displayFrom),
      display_to: iso(r.displayTo),
      areas: await areasJson(r),
      created_at: iso(r.createdAt),
    }),
    pages: () =>
      paged(
        (after) => menusPageForExport(db, scope, after, EXPORT_PAGE),
        (row) => row.id,
      ),
  };
}

/** Every dataset of a channel's export, in the ZIP's order. */
export async function channelParts(db: Db, scope: ChannelScope): Promise<ExportPart[]> {
  return [
    partOf(await friendsDataset(db, scope)),
    partOf(messagesDataset(db, scope)),
    partOf(templatesDataset(db, scope)),
    partOf(plansDataset(db, scope)),
    partOf(formsDataset(db, scope)),
    partOf(answersDataset(db, scope)),
    partOf(menusDataset(db, scope)),
  ];
}

/** The channel's menus with an image, for the images' entries (at most 1,000 menus per channel on LINE). */
export async function* menuImages(db: Db, scope: ChannelScope) {
  for await (const page of paged(
    (after) => menusPageForExport(db, scope, after, EXPORT_PAGE),
    (row) => row.id,
  )) {
    for (const menu of page) {
      const path = menuImagePath(menu);
      if (path && menu.imageKey) yield { path, key: menu.imageKey };
    }
  }
}
