export const LIST_PATH = '/admin/oem-plan';
