import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { startSessionExpiryWatch } from './lib/session-expiry.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// SPEC §4: the session is checked every second on every screen.
startSessionExpiryWatch();

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
