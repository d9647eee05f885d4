import policy from '../../public/legal/privacy-policy.json';
import { LegalDocument } from './LegalDocument';

/**
 * SPEC §2 / §9: the privacy policy's 12 static sections, in order. The text is data
 * (shell/public/legal/privacy-policy.json): this page renders it, and the shell's server puts the same
 * text into the page's HTML for visitors without JavaScript (scripts/ssr/seo.mjs).
 */
export function PrivacyPolicyPage() {
  return <LegalDocument title={policy.title} lastUpdated={policy.lastUpdated} intro={policy.intro} sections={policy.sections} />;
}
