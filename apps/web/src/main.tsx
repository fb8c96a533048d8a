import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { webConfig } from './config/env';
import { applyBrandToDocument, fetchBrand, toBrandView } from './lib/brand';
import './index.css';

// The brand comes first, so no page paints in the studio's colours and then changes to the brand's.
void fetchBrand().then((brand) => {
  applyBrandToDocument(brand, document);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App brand={toBrandView(brand, webConfig)} />
    </StrictMode>,
  );
});
