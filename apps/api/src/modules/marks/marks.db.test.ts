import { describe, expect, it } from 'vitest';
import { describeLabelApi } from '../labels/label-api.suite.ts';

const marks = describeLabelApi({ kind: 'mark', noun: 'マーク', required: { color: '#FF7A45' } });

describe('/service/marks', () => {
  it('keeps a #RRGGBB colour, upper-cased, and changes it on update', async () => {
    const mark = await marks.create({ color: ' #ff7a45 ' });
    expect(mark).toMatchObject({ color: '#FF7A45', friend_count: 0 });
    const r = await marks.request({
      method: 'PUT',
      path: `/service/marks/${mark.id}`,
      body: { name: mark.name, color: '#1890FF' },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ id: mark.id, color: '#1890FF' });
    const list = await marks.request({ method: 'GET', path: '/service/marks', query: { q: mark.name } });
    expect(list.json.data).toEqual([r.json.data]);
  });

  it('requires a colour (422 on color)', async () => {
    for (const color of [undefined, '', 'red', '#FFF', '#GG0000', '#FF7A451']) {
      const r = await marks.request({ method: 'POST', path: '/service/marks', body: { name: 'c', color } });
      expect(r.status, String(color)).toBe(422);
      expect(r.json.errors).toHaveProperty('color');
    }
  });

  it('says マーク when asking before a delete', async () => {
    const mark = await marks.create();
    const friendId = await marks.friend();
    await marks.request({
      method: 'POST',
      path: `/service/marks/${mark.id}/friends`,
      body: { friend_ids: [friendId] },
    });
    const r = await marks.request({ method: 'DELETE', path: `/service/marks/${mark.id}` });
    expect(r.json).toEqual({ success: false, errors: 'このマークは 1 人の友だちに付いています。削除しますか？' });
  });
});
