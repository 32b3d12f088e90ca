import {
  defaultPlan,
  defaultTiming,
  emptyMessage,
  firstBox,
  planDetail,
  planSaveAnswer,
  newChildBox,
  toPlanFormData,
  toPlanMessage,
  toPlanSavePayload,
  updateOption,
  type MessageType,
  type OptionRef,
  type PlanAction,
  type PlanDetail,
  type PlanMessage,
  type PlanType,
} from '@linq/contract';
import type { TestRequest, TestResponse } from '../../test/harness.ts';

/** What these helpers need of a test app: its request (a TestApp or the kit's handle). */
interface Requester {
  request(options: TestRequest): Promise<TestResponse>;
}

/*
 * Plans for API tests, built the way the editor builds them (layout and model helpers), and sent
 * the way the console sends them: the save payload as multipart/form-data.
 */

export function filledMessage(type: MessageType, text = 'ご登録ありがとうございます'): PlanMessage {
  const empty = toPlanMessage(emptyMessage(type));
  switch (type) {
    case 'text_message':
      return { ...empty, text };
    case 'confirm':
      return empty.message_confirm ? { ...empty, message_confirm: { ...empty.message_confirm, text } } : empty;
    case 'image':
      return { ...empty, image_url: 'https://example.com/a.png' };
    case 'sticker':
      return { ...empty, sticker_package_id: '446', sticker_id: '1988' };
    default:
      throw new Error(`no filled ${type} message in the API test support`);
  }
}

export function boxOf(detail: PlanDetail, id: string): PlanAction {
  const found = detail.plan_actions.find((action) => action.box_id === id);
  if (!found) throw new Error(`no box ${id}`);
  return found;
}

/** A filled box of `type` under `parentId` (under the option at `option` of a branching parent), with its default timing. */
export function addChild(
  detail: PlanDetail,
  parentId: string,
  type: MessageType = 'text_message',
  option: OptionRef | null = null,
): PlanDetail {
  const parent = boxOf(detail, parentId);
  const child = { ...newChildBox(detail.plan_actions, parent, type), message: filledMessage(type) };
  const actions = detail.plan_actions.map((action) =>
    option && action.box_id === parentId
      ? { ...action, message: updateOption(action.message, option, (item) => ({ ...item, box_id: child.box_id })) }
      : action,
  );
  return {
    ...detail,
    plan_actions: [...actions, child],
    plan_timings: [...detail.plan_timings, defaultTiming(parentId, child.box_id)],
  };
}

/** A plan of one text box. */
export function simplePlan(type: PlanType = 'scenario', name = 'テストプラン'): PlanDetail {
  return {
    plan: { ...defaultPlan(type), name },
    plan_actions: [{ ...firstBox('text_message'), message: filledMessage('text_message', 'お知らせです') }],
    plan_timings: [],
  };
}

/** A scenario: box-0 a confirm whose two answers lead to a text (box-1-0) and an image (box-1-1); the text leads on to a sticker (box-2-0). */
export function branchingScenario(name = '友だち追加シナリオ'): PlanDetail {
  let detail: PlanDetail = {
    plan: { ...defaultPlan('scenario'), name },
    plan_actions: [{ ...firstBox('confirm'), message: filledMessage('confirm', 'ご来店されますか？') }],
    plan_timings: [],
  };
  detail = addChild(detail, 'box-0', 'text_message', { column: null, action: 0 });
  detail = addChild(detail, 'box-0', 'image', { column: null, action: 1 });
  detail = addChild(detail, 'box-1-0', 'sticker');
  return detail;
}

/** The plan as the editor's multipart body, with its content type. */
export async function planForm(
  detail: PlanDetail,
  selectedFolderId?: number | null,
): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const payload = toPlanSavePayload(detail, selectedFolderId === undefined ? {} : { selectedFolderId });
  const request = new Request('http://localhost/', { method: 'POST', body: toPlanFormData(payload) });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** The save payload as JSON (the isolation probes send bodies as JSON). */
export function planJson(detail: PlanDetail): unknown {
  return JSON.parse(JSON.stringify(toPlanSavePayload(detail)));
}

export interface Caller {
  token?: string;
  lineAccountId?: number;
}

/** Saves the plan as the console does: POST when it has no id, PUT otherwise. */
export async function savePlan(t: Requester, caller: Caller, detail: PlanDetail): Promise<TestResponse> {
  const form = await planForm(detail);
  return t.request({
    method: detail.plan.id === null ? 'POST' : 'PUT',
    path: detail.plan.id === null ? '/service/plans' : `/service/plans/${detail.plan.id}`,
    ...caller,
    body: form.body,
    headers: form.headers,
  });
}

export async function readPlan(t: Requester, caller: Caller, id: number): Promise<PlanDetail> {
  const response = await t.request({ method: 'GET', path: `/service/plans/${id}`, ...caller });
  if (response.status !== 200) throw new Error(`GET plan ${id}: ${response.status} ${response.text}`);
  return planDetail.parse(response.json);
}

/** Saves a new plan and reads it back. */
export async function createPlan(t: Requester, caller: Caller, detail: PlanDetail): Promise<PlanDetail> {
  const response = await savePlan(t, caller, detail);
  if (response.status !== 201) throw new Error(`create plan: ${response.status} ${response.text}`);
  return readPlan(t, caller, planSaveAnswer.parse(response.json).id!);
}
