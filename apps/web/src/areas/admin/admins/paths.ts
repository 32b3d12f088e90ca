export const LIST_PATH = '/admin/admins';
