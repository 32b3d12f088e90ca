export const LIST_PATH = '/agency/users';
