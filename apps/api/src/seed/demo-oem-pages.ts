import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { oemPageVersions } from '../modules/oem-privacy/schema.ts';
import { oems } from '../modules/tenants/schema.ts';

/** What each demo OEM shows on its domain: the landing text, its privacy policy and terms of use. */
export const DEMO_OEM_PAGES: Record<
  string,
  { landingText: string; companyName: string; author: string; privacyPolicy: string; terms: string }
> = {
  localhost: {
    companyName: '株式会社リンク',
    landingText:
      'LINE公式アカウントの配信・顧客管理・分析をひとつにまとめたマーケティングツールです。\nご利用中の画面にログインしてください。',
    author: 'LinQ 運営事務局',
    privacyPolicy: [
      '# プライバシーポリシー',
      '株式会社リンク（以下「当社」）は、LinQ マーケティングツール（以下「本サービス」）における個人情報を次のとおり取り扱います。',
      '',
      '## 1. 取得する情報',
      '- お客様の氏名、メールアドレス、電話番号',
      '- LINE公式アカウントの友だちのプロフィール情報（表示名、画像）',
      '- 本サービスの利用履歴',
      '',
      '## 2. 利用目的',
      '1. 本サービスの提供・運営のため',
      '2. お問い合わせへの対応のため',
      '3. 利用規約に違反する行為への対応のため',
      '',
      '## 3. お問い合わせ窓口',
      'ご質問は **support@linq.example** までご連絡ください。',
    ].join('\n'),
    terms: [
      '# 利用規約',
      'この利用規約は、株式会社リンクが提供する LinQ マーケティングツールの利用条件を定めるものです。',
      '',
      '## 第1条（適用）',
      '本規約は、本サービスの利用に関わる一切の関係に適用されます。',
      '',
      '## 第2条（禁止事項）',
      '- LINEの利用規約やガイドラインに反する配信',
      '- 法令または公序良俗に違反する行為',
      '- 本サービスの運営を妨げる行為',
    ].join('\n'),
  },
  'partner.localhost': {
    companyName: 'パートナーマーケティング株式会社',
    landingText: '店舗集客のためのLINEマーケティングを、パートナーマーケティングがサポートします。',
    author: 'Partner Marketing 事務局',
    privacyPolicy: [
      '# 個人情報の取扱いについて',
      'パートナーマーケティング株式会社は、Partner Marketing の提供にあたり、お預かりする個人情報を適切に管理します。',
      '',
      '## 利用目的',
      '- サービスの提供とサポート',
      '- ご契約内容の確認とご請求',
      '',
      'お問い合わせ: support@partner-marketing.example',
    ].join('\n'),
    terms: [
      '# Partner Marketing 利用規約',
      '本規約は、パートナーマーケティング株式会社が提供する Partner Marketing の利用条件を定めます。',
      '',
      '## 第1条（契約）',
      'お申し込みを当社が承諾した時点で利用契約が成立します。',
    ].join('\n'),
  },
};

/** Gives each demo OEM (by its domain) its landing text, company name and first privacy and terms versions. */
export async function seedDemoOemPages(db: Db): Promise<void> {
  for (const [domain, pages] of Object.entries(DEMO_OEM_PAGES)) {
    const [oem] = await db
      .update(oems)
      .set({ landingText: pages.landingText, companyName: pages.companyName })
      .where(eq(oems.domain, domain))
      .returning({ id: oems.id });
    if (!oem) continue;
    await db.insert(oemPageVersions).values([
      { oemId: oem.id, kind: 'privacy_policy', version: 1, body: pages.privacyPolicy, authorName: pages.author },
      { oemId: oem.id, kind: 'terms', version: 1, body: pages.terms, authorName: pages.author },
    ]);
  }
}
