import {
  FORM_ANSWER_TALK_TYPE,
  FORM_ANSWERED_TALK_TEXT,
  FORM_ANSWERED_TRIGGER,
  formAnswerConsolePath,
  formIdsIn,
  formsApi,
} from '@linq/contract';
import { channelScope } from '../../platform/principal.ts';
import { publicOrigin } from '../../platform/public-origin.ts';
import { inflowProfileFacets, routeFriendIdsSql } from '../inflows/profile-facets.ts';
import { planTrigger } from '../plan-engine/registries.ts';
import { talkSource } from '../talks/sources.ts';
import { messageContextContributor } from '../templates/line-message.ts';
import { formLinkUrl } from './link.ts';
import * as repo from './repository.ts';

/*
 * What forms bring to other modules' registries: a scenario trigger, talk entries, friends' form links in
 * messages, and the inflow profile chart's forms answered by a route's friends.
 */

/** Scenarios started when a friend answers their form (a first answer; anonymous answers start nothing). */
export const formAnsweredTrigger = planTrigger({
  kind: FORM_ANSWERED_TRIGGER,
  event: 'form.answered',
  ref: {
    listPath: formsApi.list.path,
    requiredMessage: '開始のきっかけにするフォームを選んでください',
    foreignMessage: 'このチャネルのフォームではありません',
    ownIds: (db, scope, ids) => repo.ownIds(db, scope, 'forms', ids),
  },
  fired: (event) =>
    event.friendId === null
      ? null
      : { lineAccountId: event.lineAccountId, friendIds: [event.friendId], refId: event.formId },
});

/** 「フォームに回答しました」 in the friend's talk, with the way to the answer. */
export const formTalkSource = talkSource({
  name: 'forms',
  async entries(db, scope, friendId, before, limit) {
    const rows = await repo.talkAnswers(db, scope, friendId, before, limit);
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      direction: 'incoming' as const,
      type: FORM_ANSWER_TALK_TYPE,
      content: {
        text: FORM_ANSWERED_TALK_TEXT,
        form_id: row.formId,
        form_name: row.formName,
        answer_id: row.id,
        path: formAnswerConsolePath(row.formId, row.id),
      },
      sentBy: null,
      origin: { kind: 'form', name: row.formName, box: null },
      delivery: null,
    }));
  },
});

export const FOREIGN_FORM_MESSAGE = 'フォームリンクにはこのチャネルのフォームを選んでください';
export const FORM_IN_TEPPAN_MESSAGE = '鉄板テンプレートにはフォームリンクを使えません';

/**
 * `{{form:<id>}}` in a message sent to a friend: the friend's own signed link to the channel's form
 * (a form of another channel, or one gone since, gives nothing).
 */
export const formLinksContributor = messageContextContributor({
  async contribute(ctx, db, friend, messageJson) {
    const named = formIdsIn(messageJson);
    if (named.length === 0) return {};
    const own = await repo.ownIds(db, channelScope(friend.lineAccountId), 'forms', named);
    const origin = publicOrigin(ctx.config);
    const now = ctx.clock.now();
    return {
      formLinks: Object.fromEntries(
        [...own].map((formId) => [formId, formLinkUrl(ctx.secrets, origin, { formId, friendId: friend.id }, now)]),
      ),
    };
  },
  async refusal(db, owner, messageJson) {
    const named = formIdsIn(messageJson);
    if (named.length === 0) return null;
    if (owner.level === 'platform') return FORM_IN_TEPPAN_MESSAGE;
    const own = await repo.ownIds(db, owner, 'forms', named);
    return named.every((id) => own.has(id)) ? null : FOREIGN_FORM_MESSAGE;
  },
});

/** The inflow profile chart: how many of the route's friends answered each form. */
export const formsInflowFacet = inflowProfileFacets({
  async facets(db, scope, population) {
    const buckets = await repo.formsAnsweredBy(db, scope, routeFriendIdsSql(scope, population.routeId, population));
    return [{ key: 'forms', kind: 'form', title: null, buckets }];
  },
});
