import { LegalDocument, type LegalSection } from './LegalDocument';

/** SPEC §2 / §9: the 12 static sections of the privacy policy, in order. */
export const PRIVACY_SECTIONS: ReadonlyArray<LegalSection> = [
  {
    id: 'information-we-collect',
    title: '1. Information We Collect',
    body: [
      'We collect the information you give us when you create an account or use FitConnect, and a small amount of technical information that your browser sends automatically.',
      [
        'Account details: your username, email address, first and last name, and (optionally) your location.',
        'Trainer profile details, if you register as a trainer: specialization, description of your services, years of experience, specialties, certifications, education, session price, availability, profile photo and any social media links you choose to add.',
        'Fitness information you enter to generate workouts: age, gender, fitness level, focus area, workout duration, available equipment, goals and any injuries you tell us about.',
        'Content you create: messages to trainers or clients, trainer reviews, community reviews, feedback, challenges you create or join and the progress you log.',
        'Technical data: the session cookie that keeps you signed in, your browser type and basic request logs (such as IP address and time of request) used to keep the service secure.',
      ],
    ],
  },
  {
    id: 'how-we-use-your-information',
    title: '2. How We Use Your Information',
    body: [
      'We use your information only to run and improve FitConnect:',
      [
        'to create and secure your account and keep you signed in;',
        'to generate, save and show your personalised workout plans;',
        'to help you find trainers near the postcode or city you search for, and to let clients and trainers message each other;',
        'to show trainer profiles, reviews, community posts and challenge leaderboards;',
        'to send you service emails you need, such as password reset links;',
        'to understand which features are used so that we can fix problems and improve the product.',
      ],
      'We do not sell your personal information and we do not use it for third-party advertising.',
    ],
  },
  {
    id: 'information-sharing',
    title: '3. Information Sharing',
    body: [
      'Some information is public by design: a trainer profile (name, location, specialties, prices, photo and reviews) is visible to everyone, and your first name, last name and location appear on challenge leaderboards and next to reviews you post unless you choose to post a community review anonymously. Messages are visible only to you and the person you are talking to.',
      'We share personal information with service providers who host our servers, deliver email or generate AI workout plans on our behalf, only as far as they need it to provide that service and under contracts that require them to protect it. We may also disclose information when the law requires it, to protect the safety of our users, or as part of a merger or sale of the business, in which case this policy will continue to apply to your information.',
    ],
  },
  {
    id: 'ai-workout-generation',
    title: '4. AI Workout Generation',
    body: [
      'When you ask FitConnect to build a workout, the details of your request (age, gender, fitness level, focus area, duration, equipment, goals and injuries) are used to create the plan. When an external AI provider is configured, these details are sent to that provider without your name, username or email address. Generated plans are saved to your account automatically, count toward the limit of one generated workout per day, and you can delete saved plans at any time.',
      'AI-generated workouts are general guidance, not medical advice. Check with a doctor or qualified professional before starting a new exercise programme, particularly if you have an injury or health condition.',
    ],
  },
  {
    id: 'cookies',
    title: '5. Cookies and Local Storage',
    body: [
      'We use one essential session cookie to keep you signed in. It is marked HttpOnly so that scripts on the page cannot read it, and it expires when your session ends or you sign out. We also keep your light or dark theme preference in your browser\'s local storage. We do not use advertising or cross-site tracking cookies. If you block cookies, you can still browse public pages but you will not be able to sign in.',
    ],
  },
  {
    id: 'data-security',
    title: '6. Data Security',
    body: [
      'Passwords are never stored in readable form: we keep only a salted hash produced by a slow key-derivation function. Password reset links are single-use and expire after 30 minutes. Access to our systems is restricted to the people who need it to operate the service. No system is perfectly secure, so please use a strong password that you do not use elsewhere and tell us straight away if you think your account has been misused.',
    ],
  },
  {
    id: 'your-rights',
    title: '7. Your Rights',
    body: [
      'Depending on where you live, you may have the right to:',
      [
        'access the personal information we hold about you and receive a copy of it;',
        'correct information that is inaccurate (you can edit your name, email and location at any time from your profile);',
        'ask us to delete your account and personal information;',
        'object to or restrict certain uses of your information;',
        'withdraw any consent you have given, without affecting earlier processing.',
      ],
      'To exercise any of these rights, contact us using the details in section 12. We will not treat you differently for doing so.',
    ],
  },
  {
    id: 'data-retention',
    title: '8. Data Retention',
    body: [
      'We keep your account information for as long as your account is open. Saved workout plans are limited to your five most recent, and older plans are removed. When you delete your account we delete or anonymise your personal information within 30 days, except where we must keep some records for longer to meet legal obligations, resolve disputes or enforce our agreements. Server logs are kept for a short period for security purposes and then deleted.',
    ],
  },
  {
    id: 'childrens-privacy',
    title: "9. Children's Privacy",
    body: [
      'FitConnect is intended for people who are 13 years of age and older. We do not knowingly collect personal information from children under 13. If you believe a child under 13 has created an account or given us personal information, please contact us and we will delete it promptly.',
    ],
  },
  {
    id: 'international-users',
    title: '10. International Users',
    body: [
      'FitConnect is operated from, and your information may be stored and processed in, the United States, where data protection laws may differ from those of your country. By using FitConnect you understand that your information will be transferred to the United States. Where the law requires it, we use appropriate safeguards, such as standard contractual clauses, to protect information transferred internationally.',
    ],
  },
  {
    id: 'changes-to-this-policy',
    title: '11. Changes to This Policy',
    body: [
      'We may update this policy from time to time. If we make material changes, we will give you at least 30 days notice before they take effect, by email or by a notice on the site. The date at the top of this page shows when the policy was last updated. Continuing to use FitConnect after the changes take effect means you accept the updated policy.',
    ],
  },
  {
    id: 'contact-us',
    title: '12. Contact Us',
    body: [
      'If you have questions about this policy or want to exercise your privacy rights, email privacy@fitconnect.example or use the feedback form in the Community area. We will respond to your request within 30 days.',
    ],
  },
];

export const PRIVACY_LAST_UPDATED = '1 November 2026';

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated={PRIVACY_LAST_UPDATED}
      intro="FitConnect connects people who work out at home with certified personal trainers. This policy explains what information we collect, how we use and protect it, and the choices you have. It applies to the FitConnect website and all of its features."
      sections={PRIVACY_SECTIONS}
    />
  );
}
