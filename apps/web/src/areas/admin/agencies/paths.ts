export const LIST_PATH = '/admin/agencies';
