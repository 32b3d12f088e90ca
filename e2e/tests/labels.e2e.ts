/**
 * Tags and marks in the browser: the folder sidebar (create, rename, select, delete), label CRUD
 * in a modal, friend counts, the count-aware second confirmation when friends carry a label,
 * moving labels between folders, view-only staff and a 375 px wide screen.
 */
import { describe, expect } from 'vitest';
import {
  defaultPlan,
  emptyMessage,
  firstBox,
  marksApi,
  planDetail,
  planSaveAnswer,
  plansApi,
  serviceFoldersApi,
  tagsApi,
  toPlanMessage,
  toPlanSavePayload,
  type PlanDetail,
} from '@linq/contract';
import type { Page } from 'playwright-core';
import {
  channelOf,
  consoleIdOf,
  followingFriend,
  friendWrites,
  serviceApi,
  uniqueSuffix,
} from '../support/demo-service.ts';
import { clickInDialog } from '../support/dialogs.ts';
import { it } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

/** The console id of a new virtual friend who follows the channel and writes (so the talk list has them). */
async function newFollowingFriend(page: Page): Promise<number> {
  const name = `ラベル E2E ${uniqueSuffix()}`;
  const friend = await followingFriend(page, name);
  await friendWrites(page, friend, 'こんにちは');
  return consoleIdOf(page, name);
}

const unique = (prefix: string) => `${prefix} ${uniqueSuffix()}`;

async function openLabels(page: Page, path: '/service/tags' | '/service/marks') {
  await page.goto(path);
  await page.waitForFunction(() => localStorage.getItem('laid') !== null);
  await page.getByTestId('labels-table').waitFor();
  await page.getByTestId('folder-all').waitFor();
}

const folderIdInUrl = (page: Page) => Number(new URL(page.url()).searchParams.get('folder_id'));

async function createFolder(page: Page, name: string): Promise<number> {
  await page.getByTestId('folder-create').click();
  await page.getByTestId('folder-name-input').fill(name);
  await clickInDialog(page, 'folder-name-save');
  // A new folder is selected at once (mirrored in the address).
  await page.waitForURL(/folder_id=\d+/);
  return folderIdInUrl(page);
}

async function labelIdByName(page: Page, kind: 'tags' | 'marks', name: string): Promise<number> {
  const { data } = await serviceApi(page, kind === 'tags' ? tagsApi.list : marksApi.list, { query: { q: name } });
  const label = data.find((l) => l.name === name);
  if (!label) throw new Error(`no ${kind} named ${name}`);
  return label.id;
}

/** Picks an option of an antd Select by its text. */
async function choose(page: Page, selectTestId: string, option: string) {
  await page.getByTestId(selectTestId).click();
  await page.locator('.ant-select-item-option', { hasText: option }).last().click();
}

describe('tags with folders', () => {
  it('creates a folder and a tag in it, renames the folder, counts friends and deletes with the count-aware confirmation', async ({
    page,
  }) => {
    await signIn(page, 'service', 'staff@demo.example');
    await openLabels(page, '/service/tags');

    const folderName = unique('E2E フォルダ');
    const folderId = await createFolder(page, folderName);
    await page.waitForSelector(`[data-testid="folder-${folderId}"][data-selected="true"]`);
    await page.getByTestId('labels-empty').getByText('このフォルダにタグはありません').waitFor();

    // A new tag goes into the selected folder by default.
    const tagName = unique('E2E タグ');
    await page.getByTestId('create-button').click();
    await page.getByTestId('field-name').fill(tagName);
    await clickInDialog(page, 'label-save');
    await page.getByText(tagName).waitFor();
    const tagId = await labelIdByName(page, 'tags', tagName);
    await page.getByTestId(`label-row-${tagId}`).waitFor();
    expect(await page.getByTestId('list-total').getAttribute('data-total')).toBe('1');
    expect(await page.getByTestId(`label-friends-${tagId}`).getAttribute('data-count')).toBe('0');
    expect(await page.getByTestId(`label-folder-${tagId}`).textContent()).toBe(folderName);

    // The same name again: the server's 422 shows on the name field.
    await page.getByTestId('create-button').click();
    await page.getByTestId('field-name').fill(tagName);
    await clickInDialog(page, 'label-save');
    await page.getByText('同じ名前のタグが既にあります').waitFor();
    await clickInDialog(page, 'label-cancel');

    // Rename the folder: the sidebar and the table's folder column follow.
    const renamed = `${folderName} 改`;
    await page.getByTestId(`folder-${folderId}-menu`).click();
    await clickInDialog(page, `folder-rename-${folderId}`);
    await page.getByTestId('folder-name-input').fill(renamed);
    await clickInDialog(page, 'folder-name-save');
    await page.getByTestId(`folder-${folderId}`).getByText(renamed).waitFor();
    await page.waitForFunction(
      ([id, name]) => document.querySelector(`[data-testid="label-folder-${id}"]`)?.textContent === name,
      [tagId, renamed] as const,
    );

    // "All" lists the tag too; the folder filter comes back from the address.
    await page.getByTestId('folder-all-select').click();
    await page.waitForURL((url) => !url.searchParams.has('folder_id'));
    await page.getByTestId(`label-row-${tagId}`).waitFor();
    await page.goto(`/service/tags?folder_id=${folderId}`);
    await page.waitForSelector(`[data-testid="folder-${folderId}"][data-selected="true"]`);
    await page.getByTestId(`label-row-${tagId}`).waitFor();

    // A friend gets the tag through the API: the count and the friends link show it.
    const friendId = await newFollowingFriend(page);
    const added = await serviceApi(page, tagsApi.addFriends, {
      params: { id: tagId },
      body: { friend_ids: [friendId] },
    });
    expect(added).toMatchObject({ status: 200, data: { changed: 1 } });
    await page.reload();
    await page.waitForSelector(`[data-testid="label-friends-${tagId}"][data-count="1"]`);
    expect(await page.getByTestId(`label-friends-${tagId}`).getAttribute('href')).toBe(
      `/service/friends?tag_ids[]=${tagId}&laid=${await channelOf(page)}`,
    );

    // Delete: the row's confirmation, then the server's 409 asks again with the number of friends.
    await page.getByTestId(`row-delete-${tagId}`).click();
    await clickInDialog(page, 'confirm-ok');
    await page.getByText('このタグは 1 人の友だちに付いています').waitFor();
    await clickInDialog(page, 'in-use-delete-cancel');
    expect((await serviceApi(page, tagsApi.get, { params: { id: tagId } })).status).toBe(200);
    await page.getByTestId(`row-delete-${tagId}`).click();
    await clickInDialog(page, 'confirm-ok');
    await clickInDialog(page, 'in-use-delete-ok');
    await page.getByTestId(`label-row-${tagId}`).waitFor({ state: 'detached' });
    expect((await serviceApi(page, tagsApi.get, { params: { id: tagId } })).status).toBe(404);

    // Deleting the folder says its tags are kept, and goes back to "all".
    await page.getByTestId(`folder-${folderId}-menu`).click();
    await clickInDialog(page, `folder-delete-${folderId}`);
    await page.getByText('フォルダ内のタグは削除されず').waitFor();
    await clickInDialog(page, 'folder-delete-ok');
    await page.getByTestId(`folder-${folderId}`).waitFor({ state: 'detached' });
    await page.waitForURL((url) => !url.searchParams.has('folder_id'));
    expect(await page.getByTestId('folder-all').getAttribute('data-selected')).toBe('true');
  });
});

describe('a tag a plan uses', () => {
  it('lists the plan in the delete confirmation, keeps the tag on cancel, and once deleted the plan shows it as deleted', async ({
    page,
  }) => {
    await signIn(page, 'service', 'staff@demo.example');
    await openLabels(page, '/service/tags');
    const tagName = unique('E2E 配信タグ');
    const created = await serviceApi(page, tagsApi.create, { body: { name: tagName } });
    expect(created.status).toBe(201);
    const tagId = created.data.id;
    const planName = unique('E2E 配信');
    const detail: PlanDetail = {
      plan: {
        ...defaultPlan('broadcast'),
        name: planName,
        target_is_all: false,
        target_send: 'advanced',
        target_tags: [{ id: tagId, name: tagName }],
      },
      plan_actions: [
        { ...firstBox('text_message'), message: { ...toPlanMessage(emptyMessage('text_message')), text: 'お知らせ' } },
      ],
      plan_timings: [],
    };
    const saved = await serviceApi(page, plansApi.create, { body: toPlanSavePayload(detail) });
    expect(saved.status).toBe(201);
    const planId = planSaveAnswer.parse(saved.body).id!;

    await page.goto(`/service/tags?q=${encodeURIComponent(tagName)}`);
    await page.getByTestId(`label-row-${tagId}`).waitFor();
    // The row's confirmation, then the server's 409: the confirmation names the plan and where it uses the tag.
    await page.getByTestId(`row-delete-${tagId}`).click();
    await clickInDialog(page, 'confirm-ok');
    await page.getByTestId('label-uses').getByText(`プラン「${planName}」の配信対象`).waitFor();
    await clickInDialog(page, 'in-use-delete-cancel');
    expect((await serviceApi(page, tagsApi.get, { params: { id: tagId } })).status).toBe(200);

    await page.getByTestId(`row-delete-${tagId}`).click();
    await clickInDialog(page, 'confirm-ok');
    await page.getByTestId('label-uses').waitFor();
    await clickInDialog(page, 'in-use-delete-ok');
    await page.getByTestId(`label-row-${tagId}`).waitFor({ state: 'detached' });
    expect((await serviceApi(page, tagsApi.get, { params: { id: tagId } })).status).toBe(404);
    // The plan keeps its target as saved, the tag shown as deleted (it now reaches nobody).
    const plan = planDetail.parse((await serviceApi(page, plansApi.get, { params: { id: planId } })).body);
    expect(plan.plan.target_tags).toEqual([{ id: tagId, name: '', deleted: true }]);
  });
});

describe('marks', () => {
  it('creates a mark with a colour, edits it, moves it into a folder and deletes it', async ({ page }) => {
    await signIn(page, 'service', 'staff@demo.example');
    await openLabels(page, '/service/marks');
    const folderName = unique('E2E マークフォルダ');
    const folderId = await createFolder(page, folderName);
    await page.getByTestId('folder-all-select').click();
    await page.waitForURL((url) => !url.searchParams.has('folder_id'));

    const name = unique('E2E 要対応');
    await page.getByTestId('create-button').click();
    await page.getByTestId('field-name').fill(name);
    // A colour that is not #RRGGBB is refused on the client.
    await page.getByTestId('field-color').fill('#12');
    await clickInDialog(page, 'label-save');
    await page.getByText('#RRGGBB の形式で入力してください').waitFor();
    await page.getByTestId('field-color').fill('#12abef');
    await clickInDialog(page, 'label-save');
    await page.getByText(name).waitFor();
    const markId = await labelIdByName(page, 'marks', name);
    await page.waitForSelector(`[data-testid="label-color-${markId}"][data-color="#12ABEF"]`);

    // Edit the name and the colour.
    const edited = `${name} 済`;
    await page.getByTestId(`row-edit-${markId}`).click();
    await page.getByTestId('field-name').fill(edited);
    await page.getByTestId('field-color').fill('#00AA00');
    await clickInDialog(page, 'label-save');
    await page.waitForSelector(`[data-testid="label-color-${markId}"][data-color="#00AA00"]`);
    await page.getByTestId(`label-name-${markId}`).getByText(edited).waitFor();

    // Move it into the folder (row selection), then the folder lists it.
    await page.getByTestId(`label-row-${markId}`).locator('input[type="checkbox"]').check();
    await page.getByTestId('move-button').click();
    await choose(page, 'move-folder', folderName);
    await clickInDialog(page, 'move-save');
    await page.waitForFunction(
      ([id, folder]) => document.querySelector(`[data-testid="label-folder-${id}"]`)?.textContent === folder,
      [markId, folderName] as const,
    );
    await page.getByTestId(`folder-${folderId}-select`).click();
    await page.waitForURL(new RegExp(`folder_id=${folderId}`));
    await page.getByTestId(`label-row-${markId}`).waitFor();

    // No friend has it: one confirmation is enough.
    await page.getByTestId(`row-delete-${markId}`).click();
    await clickInDialog(page, 'confirm-ok');
    await page.getByTestId(`label-row-${markId}`).waitFor({ state: 'detached' });
    expect(await page.getByTestId('in-use-delete-ok').count()).toBe(0);
    expect((await serviceApi(page, marksApi.get, { params: { id: markId } })).status).toBe(404);
  });
});

describe('view-only staff', () => {
  it('see folders and labels but no create, edit, move or delete controls', async ({ openPage }) => {
    const staff = await openPage();
    const viewer = await openPage();
    // The viewer's only channel is the demo's first one, which staff also start in.
    await signIn(staff, 'service', 'staff@demo.example', { path: '/service/tags' });
    await staff.waitForFunction(() => localStorage.getItem('laid') !== null);
    const folder = await serviceApi(staff, serviceFoldersApi.create, {
      body: { folder_type: 'tags', name: unique('閲覧用フォルダ') },
    });
    const tag = await serviceApi(staff, tagsApi.create, {
      body: { name: unique('閲覧用タグ'), folder_id: folder.data.id },
    });
    expect([folder.status, tag.status]).toEqual([201, 201]);

    await signIn(viewer, 'service', 'viewer@demo.example');
    await openLabels(viewer, '/service/tags');
    await viewer.getByTestId(`label-row-${tag.data.id}`).waitFor();
    await viewer.getByTestId(`folder-${folder.data.id}`).waitFor();
    for (const id of ['create-button', 'folder-create', `folder-${folder.data.id}-menu`]) {
      expect(await viewer.getByTestId(id).count(), id).toBe(0);
    }
    expect(await viewer.locator('[data-testid^="row-edit-"], [data-testid^="row-delete-"]').count()).toBe(0);
    expect(await viewer.getByTestId(`label-row-${tag.data.id}`).locator('input[type="checkbox"]').count()).toBe(0);
    // Selecting a folder is still theirs.
    await viewer.getByTestId(`folder-${folder.data.id}-select`).click();
    await viewer.waitForURL(new RegExp(`folder_id=${folder.data.id}`));
    await viewer.getByTestId(`label-row-${tag.data.id}`).waitFor();
  });
});

describe('a 375 px wide screen, in English', () => {
  it('folds the folders above the list and keeps the screen usable', async ({ openPage }) => {
    const page = await openPage({ phone: true, locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    await signIn(page, 'service', 'staff@demo.example', { path: '/service/marks' });
    await page.waitForFunction(() => localStorage.getItem('laid') !== null);
    await page.getByTestId('labels-table').waitFor();
    // Folded: the toggle names the current folder; the list opens on demand.
    await page.getByTestId('folder-toggle').getByText('Folder: All').waitFor();
    expect(await page.getByTestId('folder-list').count()).toBe(0);

    const folderName = unique('Narrow');
    const folderId = await createFolder(page, folderName);
    await page.getByTestId('folder-toggle').getByText(`Folder: ${folderName}`).waitFor();
    await page.getByTestId('folder-toggle').click();
    await page.getByTestId('folder-list').waitFor();
    await page.getByTestId('folder-all-select').click();
    await page.waitForURL((url) => !url.searchParams.has('folder_id'));
    // Choosing folds the list again.
    await page.getByTestId('folder-list').waitFor({ state: 'detached' });

    const name = unique('Narrow mark');
    await page.getByTestId('create-button').click();
    await page.getByText('New mark').waitFor();
    await page.getByTestId('field-name').fill(name);
    await clickInDialog(page, 'label-save');
    await page.getByText(name).waitFor();
    const markId = await labelIdByName(page, 'marks', name);
    await page.getByTestId(`row-delete-${markId}`).scrollIntoViewIfNeeded();
    expect(await page.getByTestId(`row-delete-${markId}`).isVisible()).toBe(true);

    // The page itself never scrolls sideways (the table scrolls inside its card).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByTestId('folder-toggle').click();
    await page.getByTestId(`folder-${folderId}-menu`).click();
    await clickInDialog(page, `folder-delete-${folderId}`);
    await page.getByText('The marks in it are kept').waitFor();
    await clickInDialog(page, 'folder-delete-ok');
    await page.getByTestId(`folder-${folderId}`).waitFor({ state: 'detached' });
  });
});
