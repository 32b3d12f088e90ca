export const LIST_PATH = '/agency/accounts';
