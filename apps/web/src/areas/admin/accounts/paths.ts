export const LIST_PATH = '/admin/accounts';
