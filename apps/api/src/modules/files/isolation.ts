import { inChannel, INVALID, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () => ({
    // Uploads name no id; the channel header is the only tenant input (a JSON body in A's own channel is a wrong file).
    'POST /api/service/files/images': inChannel('/service/files/images', INVALID, {}),
  }),
};
