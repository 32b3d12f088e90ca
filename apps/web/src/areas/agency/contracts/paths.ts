export const LIST_PATH = '/agency/contracts';
