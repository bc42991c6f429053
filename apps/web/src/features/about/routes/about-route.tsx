import '@/lib/page-kit/page-kit.css';
import { Testimonials } from '@/lib/page-kit/testimonials.tsx';
import { AboutCounters } from '../components/count-up.tsx';
import { ContactForm } from '../components/contact-form.tsx';
import '../about.css';

export default function AboutRoute() {
  return (
    <div className="about">
      <section className="about-hero">
        <div className="pk-page about-hero__inner">
          <p className="about-hero__eyebrow">About Us</p>
          <h1>We make every link safe to click</h1>
          <p className="about-hero__lead">
            riskscan rates how risky a web address is before anyone visits it. Rule-based checks, AI image and brand-spoofing detection,
            reputation feeds and typosquatting monitoring, built and run in Switzerland.
          </p>
          <AboutCounters />
        </div>
      </section>
      <div className="pk-page">
        <section className="about-contact" id="contact-us" aria-labelledby="about-contact-title">
          <div className="about-contact__intro">
            <h2 id="about-contact-title">Contact Us</h2>
            <p className="pk-lead">
              Questions about plans, the API or a scan result? Custom pricing for larger teams? Write to us and we will answer within one
              business day.
            </p>
          </div>
          <ContactForm />
        </section>
        <Testimonials />
      </div>
    </div>
  );
}
