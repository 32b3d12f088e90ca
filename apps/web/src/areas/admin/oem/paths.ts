export const LIST_PATH = '/admin/oem';
export const editPath = (id: number) => `${LIST_PATH}/edit/${id}`;
