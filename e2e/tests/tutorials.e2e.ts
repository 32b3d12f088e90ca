import { serviceSession, sessionsApi } from '@linq/contract';
import { describe, expect } from 'vitest';
import { serviceApi } from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

describe('screen tutorials (user tutorial setting)', () => {
  it('a dismissed tutorial stays hidden after a reload and on another device', async ({ openPage }) => {
    const first = await openPage();
    const second = await openPage();
    await signIn(first, 'service', 'viewer@demo.example', { path: '/service/marks' });
    const tutorial = first.getByTestId('tutorial-marks');
    await tutorial.waitFor();
    expect(await tutorial.textContent()).toContain('対応マーク');

    await tutorial.getByTestId('tutorial-dismiss').click();
    await tutorial.waitFor({ state: 'detached' });
    // Stored locally (spec: hide_tutorial_screens) and on the server.
    await first.waitForFunction(() =>
      JSON.parse(localStorage.getItem('hide_tutorial_screens') ?? '[]').includes('marks'),
    );
    const me = await serviceApi(first, sessionsApi.service.me, {});
    expect(serviceSession.parse(me.data).hide_tutorial_screens).toContain('marks');

    await first.reload();
    await first.getByTestId('page-title').waitFor();
    expect(await first.getByTestId('tutorial-marks').count()).toBe(0);
    // Other screens keep theirs.
    await first.goto('/service/tags');
    await first.getByTestId('tutorial-tags').waitFor();

    // A fresh browser has nothing stored locally: the session's list hides it.
    await signIn(second, 'service', 'viewer@demo.example', { path: '/service/marks' });
    await second.getByTestId('page-title').waitFor();
    await second.locator('[data-testid^="label-row-"]').first().waitFor();
    expect(await second.getByTestId('tutorial-marks').count()).toBe(0);
  });
});
