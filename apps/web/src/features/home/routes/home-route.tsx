export default function HomeRoute() {
  return (
    <section className="hero">
      <h1>Browsing Risk Test: Is this URL safe to visit?</h1>
      <p>Scan any URL now, the most powerful tool to detect and stop potentially malicious websites.</p>
    </section>
  );
}
