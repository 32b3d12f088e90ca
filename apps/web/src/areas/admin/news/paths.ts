export const LIST_PATH = '/admin/news';
