/**
 * Answer forms end to end (issue 25): a form built in the browser (a required text written to a friend
 * info field, a radio whose option adds a tag, a scenario started on answer), its link put in a
 * template with the message builder and sent from a talk; the virtual friend opens their own link,
 * sends once with an error and then correctly; the answer is in the console (hostile text stays text),
 * in the talk, and on the friend (tag, info value, scenario).
 */
import { formsApi, friendsApi, infoFieldsApi, tagsApi, type FormField } from '@linq/contract';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  consoleIdOf,
  followingFriend,
  friendWrites,
  loginAsDemoStaff,
  receivedBy,
  serviceApi,
  twoStepScenario,
  uniqueSuffix,
  until,
} from '../support/demo-service.ts';
import { chooseOption, clickInDialog } from '../support/dialogs.ts';
import { it } from '../support/fixtures.ts';
import { serviceScreen } from '../support/session.ts';

const unique = (prefix: string) => `${prefix} ${uniqueSuffix()}`;
const HOSTILE = '<script>window.__formHacked = 1</script><b>太字</b>';

async function addField(page: Page, type: string) {
  await page.getByTestId('add-field').click();
  await page.getByTestId(`add-field-${type}`).click();
}

describe('an answer form', () => {
  it('is built, sent from a talk, answered once through the friend’s link, and acts on the friend', async ({
    openPage,
  }) => {
    const page = await openPage();
    const phone = await openPage({ phone: true });
    await loginAsDemoStaff(page, '/service/forms');

    const tagName = unique('E2E フォーム紹介');
    const tag = await serviceApi(page, tagsApi.create, { body: { name: tagName } });
    expect(tag.status).toBe(201);
    const fieldName = unique('E2E ニックネーム');
    const info = await serviceApi(page, infoFieldsApi.create, { body: { name: fieldName, field_type: 'text' } });
    expect(info.status).toBe(201);
    const scenarioName = unique('E2E フォーム後');
    const scenarioText = `ご回答ありがとうございます ${uniqueSuffix()}`;
    await twoStepScenario(page, scenarioName, scenarioText);

    // The builder: a required text mapped to the info field, a radio whose first option adds the tag.
    const formName = unique('E2E アンケート');
    await page.goto('/service/forms/create');
    await page.getByTestId('form-name-input').fill(formName);
    await page.getByTestId('form-title-input').fill('ご来店アンケート');
    await addField(page, 'text');
    await page.getByTestId('field-label-0').fill('ニックネーム');
    await page.getByTestId('field-required-0').click();
    await chooseOption(page, 'field-mapping-0', fieldName);
    await addField(page, 'radio');
    await page.getByTestId('field-label-1').fill('ご来店のきっかけ');
    await page.getByTestId('option-label-1-0').fill('ご紹介');
    await page.getByTestId('option-label-1-1').fill('SNS');
    await page.getByTestId('option-actions-toggle-1-0').locator('.ant-collapse-header').click();
    await chooseOption(page, 'option-actions-1-0-add_tag_ids', tagName);
    await chooseOption(page, 'form-actions-plan_id', scenarioName);
    // The preview draws the form as the friend will see it.
    await page.getByTestId('form-preview').getByText('ご来店のきっかけ').waitFor();
    await page.getByTestId('form-save').click();
    await page.waitForURL(serviceScreen(/^\/service\/forms\/\d+$/));
    const formId = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await serviceApi(page, formsApi.get, { params: { id: formId } });
    expect(saved.data.fields.map((field) => field.type)).toEqual(['text', 'radio']);
    expect(saved.data.fields[0]!.mapping).toEqual({ kind: 'info_field', field_id: info.data.id });
    expect(saved.data.fields[1]!.options[0]!.actions.add_tag_ids).toEqual([tag.data.id]);
    const [nameField, sourceField] = saved.data.fields as [FormField, FormField];
    const introduced = sourceField.options[0]!.key;

    // A template with the form's link, inserted in the message builder: the text box shows the form's name.
    const templateName = unique('E2E フォーム案内');
    await page.goto('/service/templates/text_message/create');
    await page.getByTestId('template-name').fill(templateName);
    await page.getByTestId('builder-text').click();
    await page.keyboard.type('アンケートはこちら ');
    await page.getByTestId('builder-insert-form').click();
    await page.getByTestId(`builder-insert-form-${formId}`).click();
    await page.getByTestId('builder-chip-form').getByText(formName).waitFor();
    await page.getByTestId('template-save').click();
    await page.waitForURL(serviceScreen(/^\/service\/templates\/text_message\/edit\/\d+$/));

    // Sent from the friend's talk.
    const friendName = unique('フォーム回答者');
    const friend = await followingFriend(page, friendName);
    await friendWrites(page, friend, 'アンケートに答えます');
    const friendId = await consoleIdOf(page, friendName);
    await page.goto(`/service/talks/${friendId}`);
    await page.getByTestId('talk-chat').getByText('アンケートに答えます').waitFor();
    await page.getByTestId('talk-template-open').click();
    await page.getByTestId('talk-template-picker').waitFor();
    await page.getByTestId('talk-template-search').locator('input').fill(templateName);
    await page.getByTestId('talk-template-search').locator('input').press('Enter');
    await page.locator('[data-testid^="talk-template-item-"]', { hasText: templateName }).click();
    await clickInDialog(page, 'talk-template-send');
    const received = await until(
      async () =>
        (await receivedBy(page, friend)).find((entry) =>
          String(entry.message.text ?? '').includes('アンケートはこちら'),
        ),
      20_000,
      'the form link on the friend’s phone',
    );
    const text = String(received.message.text);
    expect(text).not.toContain('{{form:');
    const address = /https?:\/\/\S+\/form\?t=[A-Za-z0-9._~%-]+/.exec(text)?.[0];
    expect(address, text).toBeTruthy();
    const link = new URL(address!);

    // The friend opens their link: a send without the required answer is refused, nothing typed is lost.
    // (Opened on this console: the test server listens on a port its own configuration does not name.)
    await phone.goto(`${link.pathname}${link.search}`);
    await phone.getByTestId('form-title').getByText('ご来店アンケート').waitFor();
    await phone.getByTestId(`form-field-${sourceField.key}-option-${introduced}`).click();
    await phone.getByTestId('form-submit').click();
    await phone.getByTestId(`form-error-${nameField.key}`).getByText('入力してください').waitFor();
    expect(await phone.locator('.ant-radio-wrapper-checked').textContent()).toBe('ご紹介');
    await phone.getByTestId(`form-field-${nameField.key}`).fill(HOSTILE);
    // A double click sends once.
    await phone.getByTestId('form-submit').dblclick();
    await phone.getByTestId('form-page-thanks').waitFor();
    expect(await phone.evaluate(() => (window as { __formHacked?: number }).__formHacked)).toBeUndefined();

    // The console: one answer, the friend linked, the hostile text shown as typed.
    await page.goto(`/service/forms/${formId}`);
    const rows = page.locator('[data-testid^="answer-row-"]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    const answers = await serviceApi(page, formsApi.answers, { params: { id: formId }, query: {} });
    expect(answers.data).toHaveLength(1);
    const answerId = answers.data[0]!.id;
    expect(await page.getByTestId(`answer-friend-${answerId}`).textContent()).toBe(friendName);
    expect(await page.getByTestId(`answer-gist-${answerId}-${nameField.key}`).textContent()).toContain(HOSTILE);
    expect(await page.locator(`[data-testid="answer-gist-${answerId}-${nameField.key}"] b`).count()).toBe(0);
    await page.getByTestId(`answer-open-${answerId}`).click();
    await page.getByTestId('answer-drawer').getByTestId(`answer-item-${sourceField.key}`).getByText('ご紹介').waitFor();
    expect(new URL(page.url()).searchParams.get('answer')).toBe(String(answerId));

    // The talk shows the answer, linking to it.
    await page.goto(`/service/talks/${friendId}`);
    await page.getByTestId('talk-form-answer').getByText(formName).waitFor();
    await page.getByTestId('talk-form-answer-link').click();
    await page.waitForURL(serviceScreen(`/service/forms/${formId}`));
    await page.getByTestId('answer-drawer').waitFor();

    // On the friend: the tag, the info value, the answer on their page, and the scenario's first message.
    const detail = await until(
      async () => {
        const found = await serviceApi(page, friendsApi.get, { params: { id: friendId } });
        return found.data.tags.some((label) => label.id === tag.data.id) ? found.data : undefined;
      },
      20_000,
      'the tag on the friend',
    );
    expect(detail.info_values).toContainEqual({ field_id: info.data.id, value: HOSTILE });
    await until(
      async () => (await receivedBy(page, friend)).find((entry) => entry.message.text === scenarioText),
      20_000,
      'the scenario’s first message',
    );
    await page.goto(`/service/friends/${friendId}`);
    await page.getByTestId('friend-form-answers').getByText(formName).waitFor();
  }, 240_000);

  it('fills the prefecture and city from the postal code typed on the anonymous page', async ({ openPage }) => {
    const page = await openPage();
    await loginAsDemoStaff(page, '/service/forms');
    const list = await serviceApi(page, formsApi.list, { query: { name: '資料請求' } });
    const form = list.data.find((item) => item.name === '資料請求');
    const { data } = await serviceApi(page, formsApi.get, { params: { id: form!.id } });
    const phone = await openPage({ phone: true });
    await phone.goto(data.public_path!);
    await phone.getByTestId('form-field-address-postal-code').fill('100-0001');
    await expect.poll(() => phone.getByTestId('form-field-address-city').inputValue()).toBe('千代田区千代田');
    await expect.poll(() => phone.getByTestId('form-field-address-prefecture').textContent()).toContain('東京都');
    await phone.getByTestId('form-field-address-postal-code').fill('000-0000');
    await expect
      .poll(() => phone.getByTestId('form-field-address-postal-hint').textContent())
      .toContain('見つかりません');
  });
});
