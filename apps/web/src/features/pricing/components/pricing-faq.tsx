/** The pricing FAQ of SPEC §9. */
const FAQ = [
  {
    question: 'Can I get a custom pricing model?',
    answer:
      'Yes. If none of the plans fits your volume or integration, contact our sales team and we will put together a custom pricing model.',
  },
  {
    question: 'What happens when I upgrade during my subscription period?',
    answer: 'When you upgrade within a subscription period, the full price you already paid is deducted from the price of the new plan.',
  },
  {
    question: 'Do subscriptions renew automatically?',
    answer: 'Yes, subscriptions auto-renew at the end of each billing period.',
  },
  {
    question: 'Can I cancel my subscription?',
    answer: 'Monthly and yearly subscriptions can be cancelled up to 5 days before they expire.',
  },
  {
    question: 'Will I be reminded before my subscription renews?',
    answer: 'Yes. We send reminder e-mails 15 days and 6 days before each renewal.',
  },
];

export function PricingFaq() {
  return (
    <section className="pricing-faq" aria-labelledby="pricing-faq-title">
      <h2 id="pricing-faq-title">Pricing FAQ</h2>
      {FAQ.map((item) => (
        <details key={item.question} className="pk-card">
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </section>
  );
}
