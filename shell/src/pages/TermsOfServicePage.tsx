import terms from '../../public/legal/terms-of-service.json';
import { LegalDocument } from './LegalDocument';

/**
 * The terms the footer's Terms of Service entry leads to. They describe the product as it is (free accounts,
 * one AI workout a day, trainers as independent professionals) and agree with the privacy policy (minimum age
 * 13, 30 days notice of changes); the trainer sign-up's Terms tab is the short version of section 5. The
 * text is data (shell/public/legal/terms-of-service.json): this page renders it, and the shell's server puts
 * the same text into the page's HTML for visitors without JavaScript (scripts/ssr/seo.mjs).
 */
export function TermsOfServicePage() {
  return <LegalDocument title={terms.title} lastUpdated={terms.lastUpdated} intro={terms.intro} sections={terms.sections} />;
}
