/** The partner app's entry: Chairside is initialised once, before the app renders. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { init } from '@chairside/embed';
import { App } from './App.js';

// The sandbox serves this example, so its origin is the API's; a partner writes their sandbox's URL.
void init({ apiBaseUrl: location.origin, auth: { mode: 'oidc', clientId: 'chairside-portal' } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
