/** A screen whose feature has not been built yet: says so plainly instead of pretending. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <section className="placeholder-screen">
      <h1>{title}</h1>
      <p>This part of riskscan is coming soon.</p>
    </section>
  );
}
