import { NewsletterSignup } from '@/components/newsletter/newsletter-signup';

/** The home page's newsletter form, in a section with the id "newsletter" so a link can land on it. */
export function NewsletterSection() {
  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-home-title"
      className="mx-auto max-w-3xl px-4 pb-16 sm:px-6"
    >
      <NewsletterSignup source="home" />
    </section>
  );
}
