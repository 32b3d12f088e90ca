import { makePng } from '@linq/line-simulator';
import { inChannel, INVALID, NOT_FOUND, notTenant, type IsolationModule } from '../../test/isolation.ts';
import { storeImage } from './service.ts';

/** B's uploaded image: its public name, which A must not turn into any other file. */
let fileOfB = '';

export const isolation: IsolationModule = {
  async setup(t) {
    const { originalContentUrl } = await storeImage(t.runtime.ctx, makePng(2, 2), 'https://console.example');
    fileOfB = originalContentUrl.split('/').at(-1)!;
  },
  routes: () => ({
    // Uploads name no id; the channel header is the only tenant input (a JSON body in A's own channel is a wrong file).
    'POST /api/service/files/images': inChannel('/service/files/images', INVALID, {}),
    // LINE fetches an image of a message without a session, so a file is public by its name (192 random
    // bits, handed out only to the uploader's channel) and names no channel: B's file answers anyone who
    // holds its URL. What a session of A may not do is reach anything else through the route: a name
    // near B's, a path out of the public namespace (the images friends sent are stored beside it).
    'GET /files/:name': notTenant('public by its unguessable name, which LINE fetches without a session', (a) =>
      [
        `${fileOfB.slice(0, 47)}${fileOfB[47] === '0' ? '1' : '0'}.png`,
        fileOfB.replace('.png', '.jpg'),
        `..%2F..%2Freceived%2F${fileOfB}`,
        `${fileOfB}%00.png`,
        'index.html',
      ].map((name) => ({
        path: `/files/${name}`,
        outsideApi: true,
        token: a.tokens.staff,
        lineAccountId: a.channels[0]!.id,
        answers: NOT_FOUND,
      })),
    ),
  }),
};
