import { describe, expect, it } from 'vitest';
import { describeLabelApi } from '../labels/label-api.suite.ts';

const tags = describeLabelApi({ kind: 'tag', noun: 'タグ', required: {} });

describe('/service/tags', () => {
  it('answers tags without a colour and ignores one sent', async () => {
    const tag = await tags.create({ color: '#FF7A45' });
    expect(tag).not.toHaveProperty('color');
    expect(Object.keys(tag).sort()).toEqual(
      ['created_at', 'folder_id', 'friend_count', 'id', 'name', 'sort_index', 'updated_at'].sort(),
    );
  });

  it('says タグ when asking before a delete', async () => {
    const tag = await tags.create();
    const friendId = await tags.friend();
    await tags.request({ method: 'POST', path: `/service/tags/${tag.id}/friends`, body: { friend_ids: [friendId] } });
    const r = await tags.request({ method: 'DELETE', path: `/service/tags/${tag.id}` });
    expect(r.json).toEqual({ success: false, errors: 'このタグは 1 人の友だちに付いています。削除しますか？' });
  });
});
