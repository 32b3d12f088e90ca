import { z } from 'zod';
import { email, newPassword, okMessage } from './common.ts';
import { endpoint, heldBy, publicAccess } from './http.ts';

export const forgotPasswordBody = z.object({ email });
export const resetPasswordBody = z.object({ token: z.string().min(1), password: newPassword });
export const changePasswordBody = z.object({
  current_password: z.string().min(1, { message: '入力してください' }),
  new_password: newPassword,
});

/** Same answer whether or not the address is known, so it reveals nothing. */
export const FORGOT_PASSWORD_MESSAGE =
  'ご入力のメールアドレスが登録されている場合、パスワード再設定用のメールを送信しました。';
export const RESET_PASSWORD_MESSAGE = 'パスワードを再設定しました。新しいパスワードでログインしてください。';
export const CHANGE_PASSWORD_MESSAGE = 'パスワードを変更しました。';

function recovery(role: 'service' | 'agency') {
  return {
    forgot: endpoint({
      method: 'POST',
      path: `/${role}/password/forgot`,
      summary: 'Send a password reset link',
      access: publicAccess,
      permission: { none: 'public: anyone may ask for a reset link (same answer for unknown e-mails)' },
      body: forgotPasswordBody,
      response: okMessage,
      successStatus: 202,
    }),
    reset: endpoint({
      method: 'POST',
      path: `/${role}/password/reset`,
      summary: 'Set a new password with a reset token',
      access: publicAccess,
      permission: { none: 'public: the single-use reset token is the credential' },
      body: resetPasswordBody,
      response: okMessage,
    }),
  };
}

/** The set-password step of an invitation, for areas whose users are only invited (no forgot screen). */
function invitationReset(role: 'account' | 'admin') {
  return {
    reset: endpoint({
      method: 'POST',
      path: `/${role}/password/reset`,
      summary: 'Set a password with an invitation (or reset) token',
      access: publicAccess,
      permission: { none: 'public: the single-use token is the credential' },
      body: resetPasswordBody,
      response: okMessage,
    }),
  };
}

export const passwordsApi = {
  account: invitationReset('account'),
  admin: invitationReset('admin'),
  service: recovery('service'),
  agency: {
    ...recovery('agency'),
    change: endpoint({
      method: 'PUT',
      path: '/agency/password',
      summary: 'Change the password of the logged-in agency user',
      access: heldBy('agency_user'),
      permission: { none: "the caller's own password, with the current one" },
      body: changePasswordBody,
      response: okMessage,
    }),
  },
};
