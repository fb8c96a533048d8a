import { DEFAULT_BRAND } from '@conversa/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webConfig } from '@/config/env';
import { MEDTRONIC_BRAND } from '@/test/brands';
import { applyBrandToDocument, fetchBrand, toBrandView } from './brand';

afterEach(() => {
  document.documentElement.removeAttribute('style');
  vi.unstubAllGlobals();
});

describe('toBrandView', () => {
  it("fills what the studio's own brand leaves out with the build's addresses", () => {
    expect(toBrandView(DEFAULT_BRAND, webConfig)).toMatchObject({
      name: 'Conversa Studio',
      logoUrl: '/logo.svg',
      supportPhone: webConfig.supportPhone,
      supportEmail: webConfig.supportEmail,
      helpCenterUrl: webConfig.helpCenterUrl,
      idpHint: null,
      isDefault: true,
    });
  });

  it("keeps a partner brand's own", () => {
    expect(toBrandView(MEDTRONIC_BRAND, webConfig)).toMatchObject({
      supportPhone: '+1 (555) 010-0142',
      supportEmail: 'studio-support@medtronic.example',
      helpCenterUrl: 'https://help.medtronic.example/studio',
      idpHint: 'medtronic',
      isDefault: false,
    });
  });
});

describe('applyBrandToDocument', () => {
  it("sets the brand-* palette from the brand's colour, the title and the tab's icon", () => {
    const icon = document.createElement('link');
    icon.rel = 'icon';
    icon.href = '/logo.svg';
    document.head.append(icon);
    applyBrandToDocument(MEDTRONIC_BRAND, document);
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-brand-600')).toBe('#004b87');
    expect(style.getPropertyValue('--color-brand-50')).not.toBe('');
    expect(style.getPropertyValue('--color-brand-900')).not.toBe('');
    expect(document.title).toBe('Medtronic Conversations');
    expect(icon.getAttribute('href')).toBe(MEDTRONIC_BRAND.logoUrl);
    icon.remove();
  });

  it("leaves the studio's own palette alone", () => {
    applyBrandToDocument(DEFAULT_BRAND, document);
    expect(document.documentElement.style.getPropertyValue('--color-brand-600')).toBe('');
    expect(document.title).toBe('Conversa Studio');
  });
});

describe('fetchBrand', () => {
  it("shows the studio's own brand when the brand cannot be read", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    expect(await fetchBrand()).toEqual(DEFAULT_BRAND);
  });

  it('reads the brand of the address', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json(MEDTRONIC_BRAND)));
    expect(await fetchBrand()).toEqual(MEDTRONIC_BRAND);
  });
});
