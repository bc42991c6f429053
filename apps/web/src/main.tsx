import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { followOtherTabs } from './lib/session.ts';
import { startSessionExpiryWatch } from './lib/session-expiry.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// SPEC §4: the session is checked every second on every screen.
startSessionExpiryWatch();
// Tabs share one session: a refresh or sign-out in one reaches the others (decision 340).
followOtherTabs();

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
