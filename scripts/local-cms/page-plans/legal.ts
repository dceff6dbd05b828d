/** The membership agreement and the privacy policy: editor content, linked from the version prompts. */
import { MEMBERSHIP_AGREEMENT_PATH, PRIVACY_POLICY_PATH } from '../../../src/lib/account/agreements.ts';
import { LEGAL_TEXTS, type LegalText } from '../legal-texts.ts';
import { basePlan, esc, html, type PagePlan } from './page-kit.ts';

function legalPlan(code: string, path: string, text: (ctx: Parameters<PagePlan['build']>[0]) => LegalText): PagePlan {
  return {
    ...basePlan,
    tplt: 5,
    code,
    path,
    build: (ctx) => {
      const { title, description, paragraphs } = text(ctx);
      return {
        title,
        description,
        components: [
          html(`${code}-customContent-1`, `<h1>${esc(title)}</h1>${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}`, 'legal-page'),
        ],
      };
    },
  };
}

export function legalPlans(): PagePlan[] {
  return [
    legalPlan('MEMBERSHIP-AGREEMENT', MEMBERSHIP_AGREEMENT_PATH, (ctx) => LEGAL_TEXTS[ctx.lang.sampleCopy].membershipAgreement),
    legalPlan('PRIVACY-POLICY', PRIVACY_POLICY_PATH, (ctx) => LEGAL_TEXTS[ctx.lang.sampleCopy].privacyPolicy),
  ];
}
