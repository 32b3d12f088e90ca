import { addStrings } from '../index.ts';

/** UI texts of the folder sidebar; the modules that show them import this file. */
const ja = {
  folders: {
    title: 'フォルダ',
    all: 'すべて',
    add: 'フォルダを追加',
    createTitle: 'フォルダを作成',
    renameTitle: 'フォルダ名を変更',
    name: 'フォルダ名',
    nameRequired: 'フォルダ名を入力してください',
    nameTooLong: '{{max}}文字以内で入力してください',
    actions: '「{{name}}」の操作',
    rename: '名前を変更',
    moveUp: '上へ移動',
    moveDown: '下へ移動',
    delete: '削除',
    deleteTitle: 'フォルダ「{{name}}」を削除しますか？',
    deleteNote: 'フォルダ内の{{items}}は削除されず、「フォルダなし」になります。',
    items: '項目',
    created: 'フォルダを作成しました',
    renamed: 'フォルダ名を変更しました',
    deleted: 'フォルダを削除しました',
    empty: 'フォルダはまだありません',
    loadFailed: 'フォルダを読み込めませんでした',
    loadMore: 'さらに表示',
    current: 'フォルダ: {{name}}',
    none: 'フォルダなし',
  },
};

const en: typeof ja = {
  folders: {
    title: 'Folders',
    all: 'All',
    add: 'Add folder',
    createTitle: 'New folder',
    renameTitle: 'Rename folder',
    name: 'Folder name',
    nameRequired: 'Enter a folder name',
    nameTooLong: 'Use at most {{max}} characters',
    actions: 'Actions for “{{name}}”',
    rename: 'Rename',
    moveUp: 'Move up',
    moveDown: 'Move down',
    delete: 'Delete',
    deleteTitle: 'Delete the folder “{{name}}”?',
    deleteNote: 'The {{items}} in it are kept and end up in no folder.',
    items: 'items',
    created: 'Folder created',
    renamed: 'Folder renamed',
    deleted: 'Folder deleted',
    empty: 'No folders yet',
    loadFailed: 'The folders could not be loaded',
    loadMore: 'Show more',
    current: 'Folder: {{name}}',
    none: 'No folder',
  },
};

addStrings({ ja, en });

export type FoldersStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    folders: FoldersStrings;
  }
}
