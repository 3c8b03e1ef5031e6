import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { preloadPopupContent } from './features/auth/site-popups.tsx';

// React Router's default client entry, with one step first: a popup its route opens (/login, /register, a reset
// link) is server-rendered inside a lazy boundary, and until that chunk arrives its fields are not React's, so what
// a player types into them is lost when they hydrate. When the page holds an open dialog, its chunk loads first.
const popupChunk = document.querySelector('dialog, [role="dialog"]') ? preloadPopupContent() : Promise.resolve();

void popupChunk
  .catch(() => undefined)
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });
