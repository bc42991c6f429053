import { Link } from 'react-router';

export default function NotFoundRoute() {
  return (
    <section className="placeholder-screen">
      <h1>Page not found</h1>
      <p>
        This page does not exist. <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
