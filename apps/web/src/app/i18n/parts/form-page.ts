import { addStrings } from '../index.ts';

/** UI texts of an answer form as a friend sees it: the public /form page and the builder's preview. */
const ja = {
  formPage: {
    required: '必須',
    choose: '選択してください',
    consent: '同意する',
    postalCode: '郵便番号',
    postalCodePlaceholder: '例: 1000001',
    prefecture: '都道府県',
    city: '市区町村',
    rest: '番地・建物名',
    uploadImage: '画像を選ぶ',
    uploading: 'アップロード中…',
    uploaded: '画像をアップロードしました',
    replaceImage: '別の画像にする',
    removeImage: '画像を外す',
    uploadFailed: '画像をアップロードできませんでした: {{reason}}',
    submit: '送信する',
    sending: '送信しています…',
    fixErrors: '入力内容を確認してください（{{count}}件）',
    submitFailed: '送信できませんでした。入力内容はそのまま残っています。もう一度お試しください。',
    editingPrevious: '前回の回答を編集しています',
    thanksTitle: '回答を送信しました',
    thanksDefault: 'ご回答ありがとうございました。',
    redirecting: 'ページを移動しています…',
    notFoundTitle: 'このフォームは開けません',
    notFoundHint: 'フォームが見つかりません。届いたメッセージのリンクからもう一度開いてください。',
    failedTitle: 'フォームを開けませんでした',
    states: {
      scheduled: 'このフォームはまだ受付を開始していません',
      closed: 'このフォームの受付は終了しました',
      full: 'このフォームは回答数が上限に達したため、受付を終了しました',
      expired: 'このリンクは有効期限が切れています',
      answered: 'このフォームには回答済みです',
    },
    stateHints: {
      scheduled: '受付開始後にもう一度お試しください。',
      closed: 'ご関心をお寄せいただきありがとうございました。',
      full: 'ご関心をお寄せいただきありがとうございました。',
      expired: 'LINEのトークからフォームのリンクをもう一度開いてください。',
      answered: 'ご回答ありがとうございました。',
    },
    previewEmpty: '項目を追加すると、ここに表示されます',
  },
};

const en: typeof ja = {
  formPage: {
    required: 'Required',
    choose: 'Please choose',
    consent: 'I agree',
    postalCode: 'Postal code',
    postalCodePlaceholder: 'e.g. 1000001',
    prefecture: 'Prefecture',
    city: 'City',
    rest: 'Street and building',
    uploadImage: 'Choose an image',
    uploading: 'Uploading…',
    uploaded: 'Image uploaded',
    replaceImage: 'Use another image',
    removeImage: 'Remove the image',
    uploadFailed: 'The image could not be uploaded: {{reason}}',
    submit: 'Send',
    sending: 'Sending…',
    fixErrors: 'Please check your answers ({{count}})',
    submitFailed: 'Your answer could not be sent. What you entered is kept; please try again.',
    editingPrevious: 'You are editing your previous answer',
    thanksTitle: 'Your answer has been sent',
    thanksDefault: 'Thank you for your answer.',
    redirecting: 'Moving to the next page…',
    notFoundTitle: 'This form cannot be opened',
    notFoundHint: 'The form was not found. Please open it again from the link in your message.',
    failedTitle: 'The form could not be opened',
    states: {
      scheduled: 'This form is not open yet',
      closed: 'This form is closed',
      full: 'This form has reached its maximum number of answers and is closed',
      expired: 'This link has expired',
      answered: 'You have already answered this form',
    },
    stateHints: {
      scheduled: 'Please try again once it opens.',
      closed: 'Thank you for your interest.',
      full: 'Thank you for your interest.',
      expired: 'Please open the form link again from your LINE talk.',
      answered: 'Thank you for your answer.',
    },
    previewEmpty: 'Fields you add appear here',
  },
};

addStrings({ ja, en });

export type FormPageStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    formPage: FormPageStrings;
  }
}
