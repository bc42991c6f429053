import { createBrowserRouter, RouterProvider } from 'react-router';
import { RootLayout } from './routes/root-layout.tsx';
import { routeTable } from './routes/route-table.tsx';

export const routes = [{ element: <RootLayout />, children: routeTable }];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
