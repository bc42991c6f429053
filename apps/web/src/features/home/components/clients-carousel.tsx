import { ContinuousCarousel } from '@/components/ui/continuous-carousel.tsx';
import { Reveal } from '@/components/ui/reveal.tsx';

const CLIENTS = [
  { name: 'Northwind SOC', sector: 'Managed security' },
  { name: 'Alpenlink Telecom', sector: 'Telecommunications' },
  { name: 'Lakeside Insurance', sector: 'Insurance' },
  { name: 'Meridian Health', sector: 'Healthcare' },
  { name: 'Bergfeld Logistics', sector: 'Logistics' },
  { name: 'Quantum Retail', sector: 'E-commerce' },
  { name: 'Helix Payments', sector: 'Fintech' },
  { name: 'Civic Cloud', sector: 'Public sector' },
] as const;

function initials(name: string): string {
  return name
    .split(' ')
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 2);
}

export function ClientsCarousel() {
  return (
    <section className="clients" aria-labelledby="clients-title">
      <Reveal className="container section-head">
        <h2 id="clients-title">Trusted by security teams</h2>
        <p className="muted">Teams that check links before their users click them.</p>
      </Reveal>
      <ContinuousCarousel
        label="Clients"
        slideClassName="client-slide"
        items={CLIENTS.map((client) => (
          <div key={client.name} className="client-card">
            <span className="client-card__badge" aria-hidden="true">
              {initials(client.name)}
            </span>
            <span>
              <strong>{client.name}</strong>
              <small>{client.sector}</small>
            </span>
          </div>
        ))}
      />
    </section>
  );
}
