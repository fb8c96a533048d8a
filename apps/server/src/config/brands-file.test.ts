import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>';

/** A brands file (and a logo beside it) in a fresh folder; returns the file's path. */
function writeBrandsFile(content: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'brands-'));
  writeFileSync(path.join(dir, 'logo.svg'), SVG);
  const file = path.join(dir, 'brands.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const medtronic = {
  id: 'medtronic',
  name: 'Medtronic Conversations',
  hosts: ['medtronic.localhost'],
  logo: 'logo.svg',
  primaryColor: '#004b87',
  landing: { heading: 'Answers from experts.', text: 'Ask the experts.' },
  support: { phone: '+1 (555) 010-0142', email: 'support@medtronic.example' },
  helpCenterUrl: 'https://help.medtronic.example',
  feedbackFormUrl: 'https://forms.medtronic.example/feedback',
  idpHint: 'medtronic',
};
const withMedtronicProvider = {
  IDP_MEDTRONIC_ISSUER: 'https://login.medtronic.example',
  IDP_MEDTRONIC_CLIENT_ID: 'studio',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('the configuration was accepted');
}

describe('BRANDS_FILE', () => {
  it('is optional: without it every host shows the studio itself', () => {
    expect(loadConfig({}).brands).toEqual({ file: undefined, brands: [] });
  });

  it('reads each brand, its logo as a data address and its colour in lower case', () => {
    const file = writeBrandsFile({ brands: [{ ...medtronic, primaryColor: '#004B87' }] });
    const { brands } = loadConfig({ BRANDS_FILE: file, ...withMedtronicProvider });
    expect(brands.file).toBe(file);
    expect(brands.brands).toEqual([
      {
        brand: {
          id: 'medtronic',
          name: 'Medtronic Conversations',
          logoUrl: `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`,
          primaryColor: '#004b87',
          landing: { heading: 'Answers from experts.', text: 'Ask the experts.' },
          supportPhone: '+1 (555) 010-0142',
          supportEmail: 'support@medtronic.example',
          helpCenterUrl: 'https://help.medtronic.example',
          idpHint: 'medtronic',
          isSignInOrigin: false,
          homeUrl: null,
        },
        hosts: ['medtronic.localhost'],
        homeUrl: undefined,
        feedbackFormUrl: 'https://forms.medtronic.example/feedback',
      },
    ]);
  });

  it('accepts the example file shipped in config/', () => {
    const file = path.resolve(import.meta.dirname, '../../../../config/brands.example.json');
    const { brands } = loadConfig({
      BRANDS_FILE: file,
      ...withMedtronicProvider,
      IDP_WALMART_ISSUER: 'https://login.walmart.example',
      IDP_WALMART_CLIENT_ID: 'studio',
    });
    expect(brands.brands.map(({ brand }) => [brand.id, brand.idpHint])).toEqual([
      ['medtronic', 'medtronic'],
      ['walmart', 'walmart'],
    ]);
    expect(brands.brands.every(({ brand }) => brand.logoUrl.startsWith('data:image/svg+xml'))).toBe(
      true,
    );
  });

  it.each([
    ['a missing file', null, 'BRANDS_FILE (%f): no such file'],
    ['a file that is not JSON', '{ brands: ', 'BRANDS_FILE (%f): not readable JSON'],
    ['no brand', { brands: [] }, 'BRANDS_FILE (%f) brands: must list a brand'],
    [
      'an id with capitals',
      { brands: [{ ...medtronic, id: 'Medtronic' }] },
      'BRANDS_FILE (%f) brands[0].id: must be 1-40 lower-case letters, digits or dashes',
    ],
    [
      "the studio's own id",
      { brands: [{ ...medtronic, id: 'studio' }] },
      `BRANDS_FILE (%f) brands[0].id: "studio" is the studio's own brand`,
    ],
    [
      'a host with a port',
      { brands: [{ ...medtronic, hosts: ['medtronic.localhost:3000'] }] },
      'BRANDS_FILE (%f) brands[0].hosts[0]: must be a host name without scheme, port or path',
    ],
    [
      'a colour that is not #rrggbb',
      { brands: [{ ...medtronic, primaryColor: 'navy' }] },
      'BRANDS_FILE (%f) brands[0].primaryColor: must be a colour written #rrggbb',
    ],
    [
      'a colour white text cannot be read on (WCAG AA)',
      { brands: [{ ...medtronic, primaryColor: '#ffc220' }] },
      'BRANDS_FILE (%f) brands[0].primaryColor: white text on it has a contrast of 1.62:1; WCAG AA needs 4.5:1',
    ],
    [
      'a support email that is not one',
      { brands: [{ ...medtronic, support: { phone: '1', email: 'help desk' } }] },
      'BRANDS_FILE (%f) brands[0].support.email:',
    ],
    [
      'a help address that is not http(s)',
      { brands: [{ ...medtronic, helpCenterUrl: 'ftp://help.example' }] },
      'BRANDS_FILE (%f) brands[0].helpCenterUrl: must be an http(s) URL',
    ],
    [
      'an unknown provider hint',
      { brands: [{ ...medtronic, idpHint: 'github' }] },
      'BRANDS_FILE (%f) brands[0].idpHint:',
    ],
    [
      'a field the studio does not know',
      { brands: [{ ...medtronic, colour: '#004b87' }] },
      'BRANDS_FILE (%f) brands[0]: Unrecognized key: "colour"',
    ],
    [
      'a missing logo',
      { brands: [{ ...medtronic, logo: 'missing.svg' }] },
      'BRANDS_FILE (%f) brands[0].logo (missing.svg): no such file',
    ],
    [
      'two brands on one host',
      {
        brands: [
          medtronic,
          { ...medtronic, id: 'walmart', idpHint: undefined, hosts: ['MEDTRONIC.localhost'] },
        ],
      },
      'BRANDS_FILE (%f) brands[1].hosts[0]: "medtronic.localhost" already shows the brand "medtronic"',
    ],
  ])('stops start-up naming the field: %s', (_name, content, message) => {
    const file = content === null ? '/nowhere/brands.json' : writeBrandsFile(content);
    const problems = problemsOf({ BRANDS_FILE: file, ...withMedtronicProvider });
    expect(problems.join('\n')).toContain(message.replace('%f', file));
  });

  it('refuses a brand whose provider the embedded identity provider does not broker', () => {
    const file = writeBrandsFile({ brands: [medtronic] });
    expect(problemsOf({ BRANDS_FILE: file })).toEqual([
      `BRANDS_FILE (${file}) brands[0].idpHint: "medtronic" is not configured; set IDP_MEDTRONIC_ISSUER and IDP_MEDTRONIC_CLIENT_ID`,
    ]);
    // An external issuer brokers its own providers: the hint is passed on as it is.
    expect(() =>
      loadConfig({
        BRANDS_FILE: file,
        OIDC_ISSUER: 'https://id.example.com/realms/studio',
        OIDC_CLIENT_ID: 'studio',
      }),
    ).not.toThrow();
  });

  it('lists every problem of the file at once', () => {
    const file = writeBrandsFile({
      brands: [{ ...medtronic, name: '', primaryColor: '#ffffff', support: undefined }],
    });
    const problems = problemsOf({ BRANDS_FILE: file, ...withMedtronicProvider });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      `BRANDS_FILE (${file}) brands[0].name`,
      `BRANDS_FILE (${file}) brands[0].primaryColor`,
    ]);
  });
});
