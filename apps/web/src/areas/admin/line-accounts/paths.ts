export const LIST_PATH = '/admin/line-accounts';
