import { describe, expect, it } from 'vitest';
import { loadWebConfig } from './env.ts';

describe('loadWebConfig', () => {
  it('has working defaults', () => {
    expect(loadWebConfig({})).toEqual({
      supportEmail: 'support@conversa.studio',
      supportPhone: '+1 (555) 010-0199',
      helpCenterUrl: 'https://help.conversa.studio',
      privacyPolicyUrl: 'https://conversa.studio/privacy',
      termsOfServiceUrl: 'https://conversa.studio/terms',
    });
  });

  it('takes configured values and treats blanks as unset', () => {
    expect(
      loadWebConfig({
        VITE_SUPPORT_EMAIL: 'help@acme.test',
        VITE_SUPPORT_PHONE: ' ',
        VITE_PRIVACY_POLICY_URL: '/legal/privacy',
      }),
    ).toMatchObject({
      supportEmail: 'help@acme.test',
      supportPhone: '+1 (555) 010-0199',
      privacyPolicyUrl: '/legal/privacy',
    });
  });

  it('lists every malformed value at once', () => {
    expect(() =>
      loadWebConfig({ VITE_SUPPORT_EMAIL: 'nobody', VITE_HELP_CENTER_URL: 'javascript:alert(1)' }),
    ).toThrow(/VITE_SUPPORT_EMAIL[\s\S]*VITE_HELP_CENTER_URL/);
  });

  it('refuses a protocol-relative path', () => {
    expect(() => loadWebConfig({ VITE_TERMS_OF_SERVICE_URL: '//evil.test/terms' })).toThrow(
      /VITE_TERMS_OF_SERVICE_URL/,
    );
  });
});
