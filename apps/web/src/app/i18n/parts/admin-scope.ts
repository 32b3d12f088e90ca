import { addStrings } from '../index.ts';

/** UI texts of the admin header's acting OEM (the OEM a platform admin works on). */
const ja = {
  adminScope: {
    actingOem: '操作するOEM',
    defaultOem: '{{name}}（プラットフォーム）',
    loadFailed: 'OEMを読み込めませんでした',
  },
};

const en: typeof ja = {
  adminScope: {
    actingOem: 'Acting OEM',
    defaultOem: '{{name}} (platform)',
    loadFailed: 'Could not load the OEMs',
  },
};

addStrings({ ja, en });

export type AdminScopeStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    adminScope: AdminScopeStrings;
  }
}
