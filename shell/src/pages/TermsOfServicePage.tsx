import { LegalDocument, type LegalSection } from './LegalDocument';

/**
 * The terms the footer's Terms of Service entry leads to. They describe the product as it is (free accounts,
 * one AI workout a day, trainers as independent professionals) and agree with the privacy policy (minimum age
 * 13, 30 days notice of changes); the trainer sign-up's Terms tab is the short version of section 5.
 */
export const TERMS_SECTIONS: ReadonlyArray<LegalSection> = [
  {
    id: 'accepting-these-terms',
    title: '1. Accepting These Terms',
    body: [
      'These terms apply to everyone who uses FitConnect, whether or not you have an account. By creating an account or using the site you agree to them. If you do not agree, please do not use FitConnect.',
    ],
  },
  {
    id: 'your-account',
    title: '2. Your Account',
    body: [
      'You must be 13 years of age or older to create an account. Keep your details accurate and your password to yourself: you are responsible for what is done with your account. Tell us straight away if you think someone else has used it.',
      'Accounts are free. You can edit your details from your profile at any time, and ask us to delete your account as the privacy policy describes.',
    ],
  },
  {
    id: 'ai-workouts',
    title: '3. AI Workouts and Exercise Tutorials',
    body: [
      'You can generate one AI workout plan per day and keep your most recent saved plans. Generated workouts and the exercise tutorials are general guidance, not medical advice. Check with a doctor or qualified professional before starting a new exercise programme, particularly if you have an injury or health condition, and stop if anything hurts.',
    ],
  },
  {
    id: 'trainers-and-sessions',
    title: '4. Trainers and Sessions',
    body: [
      'Trainers on FitConnect are independent professionals, not FitConnect employees. FitConnect helps you find and message them; any session, online or in person, is arranged between you and the trainer, who is responsible for the training they provide. Distances shown in search results are approximate.',
    ],
  },
  {
    id: 'if-you-are-a-trainer',
    title: '5. If You Are a Trainer',
    body: [
      [
        'Trainer membership is free: there are no subscription fees.',
        'You set your own schedule and rates, and arrange sessions directly with clients.',
        'Your profile, qualifications and prices must be accurate, and you keep them up to date.',
        'Reviews come from clients; you cannot review your own profile.',
      ],
    ],
  },
  {
    id: 'your-content',
    title: '6. Your Content and Conduct',
    body: [
      'You keep ownership of what you post (messages, reviews, community reviews, challenges and progress), and you give FitConnect permission to store and show it on the site so the features work. Do not post anything unlawful, abusive, misleading or that is not yours to share, do not post reviews of trainers you have not dealt with, and do not try to disrupt the service or access accounts that are not yours.',
      'We may remove content or suspend accounts that break these terms.',
    ],
  },
  {
    id: 'liability',
    title: '7. Availability and Liability',
    body: [
      'We work to keep FitConnect running and accurate, but we provide it as it is and cannot promise it will always be available or free of errors. As far as the law allows, FitConnect is not liable for injuries, losses or disputes arising from workouts you follow or sessions you arrange with trainers. Nothing in these terms limits rights you have by law that cannot be limited.',
    ],
  },
  {
    id: 'changes-to-these-terms',
    title: '8. Changes to These Terms',
    body: [
      'We may update these terms from time to time. If we make material changes, we will give you at least 30 days notice before they take effect, by email or by a notice on the site. Continuing to use FitConnect after the changes take effect means you accept the updated terms.',
    ],
  },
  {
    id: 'contact-us',
    title: '9. Contact Us',
    body: ['If you have questions about these terms, use the feedback form in the Community area.'],
  },
];

export const TERMS_LAST_UPDATED = '25 November 2026';

export function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of Service"
      lastUpdated={TERMS_LAST_UPDATED}
      intro="These terms explain what you can expect from FitConnect and what we expect from you when you use it. How we handle your information is described in the privacy policy."
      sections={TERMS_SECTIONS}
    />
  );
}
