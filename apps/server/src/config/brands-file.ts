import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_BRAND,
  DEFAULT_BRAND_ID,
  HEX_COLOR_PATTERN,
  IDP_HINTS,
  findBrandContrastProblem,
  type Brand,
} from '@conversa/contracts';

/** A brand's SVG logo is shown inline in every page's first answer: kept small. */
export const BRAND_LOGO_MAX_BYTES = 64 * 1024;

// A host name as the Host header carries it, without its port: letters, digits, dots and dashes.
const hostNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, {
    message: 'must be a host name without scheme, port or path (e.g. studio.medtronic.example)',
  });

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });
const text = (max: number) => z.string().trim().min(1).max(max);

const brandEntrySchema = z.strictObject({
  /** Lower-case letters, digits and dashes; `studio` is the studio's own brand. */
  id: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,39}$/, {
      message: 'must be 1-40 lower-case letters, digits or dashes, starting with a letter',
    })
    .refine((id) => id !== DEFAULT_BRAND_ID, {
      message: `"${DEFAULT_BRAND_ID}" is the studio's own brand; choose another id`,
    }),
  name: text(80),
  /** Host names that show this brand (the browser's address, e.g. studio.medtronic.example). */
  hosts: z.array(hostNameSchema).min(1, { message: 'must name at least one host' }),
  /** The brand's home address (spec §1 "its own home address"): share links are written with it. */
  homeUrl: httpUrl.optional(),
  /** An SVG file, relative to the brands file. */
  logo: z
    .string()
    .trim()
    .regex(/\.svg$/i, { message: 'must be an .svg file' })
    .optional(),
  primaryColor: z
    .string()
    .regex(HEX_COLOR_PATTERN, { message: 'must be a colour written #rrggbb' })
    .superRefine((color, context) => {
      const problem = findBrandContrastProblem(color);
      if (problem) {
        context.addIssue({ code: 'custom', message: problem });
      }
    })
    .optional(),
  landing: z.strictObject({ heading: text(160), text: text(1000) }).optional(),
  support: z.strictObject({ phone: text(40), email: z.email() }).optional(),
  helpCenterUrl: httpUrl.optional(),
  /** The external form of the Give Feedback / Report a Bug dialogs (FEEDBACK_FORM_URL's role). */
  feedbackFormUrl: httpUrl.optional(),
  idpHint: z.enum(IDP_HINTS).optional(),
});

const brandsFileSchema = z
  .strictObject({ brands: z.array(brandEntrySchema).min(1, { message: 'must list a brand' }) })
  .superRefine((file, context) => {
    const ids = new Set<string>();
    const hosts = new Map<string, string>();
    file.brands.forEach((brand, index) => {
      if (ids.has(brand.id)) {
        context.addIssue({
          code: 'custom',
          path: ['brands', index, 'id'],
          message: `"${brand.id}" is the id of an earlier brand`,
        });
      }
      ids.add(brand.id);
      brand.hosts.forEach((host, hostIndex) => {
        const owner = hosts.get(host);
        if (owner !== undefined) {
          context.addIssue({
            code: 'custom',
            path: ['brands', index, 'hosts', hostIndex],
            message: `"${host}" already shows the brand "${owner}"`,
          });
        }
        hosts.set(host, brand.id);
      });
    });
  });

/** A brand as the server keeps it: what the console is sent, and what only the server uses. */
export interface ConfiguredBrand {
  brand: Brand;
  hosts: string[];
  homeUrl: string | undefined;
  feedbackFormUrl: string | undefined;
}

export interface BrandsConfig {
  /** BRANDS_FILE, resolved; undefined = the studio's own brand everywhere. */
  file: string | undefined;
  brands: ConfiguredBrand[];
}

/** Where a zod issue points, as a person finds it in the file: `brands[1].support.email`. */
function describePath(issuePath: readonly PropertyKey[]): string {
  return issuePath
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
    )
    .join('');
}

function readLogo(file: string, logo: string): string {
  const logoPath = path.resolve(path.dirname(file), logo);
  const svg = readFileSync(logoPath);
  if (svg.byteLength > BRAND_LOGO_MAX_BYTES) {
    throw new Error(`is ${svg.byteLength} bytes; a logo may have ${BRAND_LOGO_MAX_BYTES}`);
  }
  if (!svg.toString('utf8').includes('<svg')) {
    throw new Error('is not an SVG image');
  }
  return `data:image/svg+xml;base64,${svg.toString('base64')}`;
}

/**
 * Reads and checks BRANDS_FILE (a JSON file, see config/brands.example.json). Every problem is
 * returned at once, each naming the variable, the file and the field (`brands[0].primaryColor`).
 * `configuredHints`: the providers the embedded identity provider brokers; undefined with an
 * external issuer, which decides for itself.
 */
export function readBrandsFile(
  file: string | undefined,
  configuredHints: readonly string[] | undefined,
): { config: BrandsConfig; problems: string[] } {
  if (file === undefined) {
    return { config: { file: undefined, brands: [] }, problems: [] };
  }
  const resolved = path.resolve(file);
  const where = `BRANDS_FILE (${file})`;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(resolved, 'utf8'));
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'no such file'
        : `not readable JSON: ${(error as Error).message}`;
    return { config: { file: resolved, brands: [] }, problems: [`${where}: ${reason}`] };
  }
  const parsed = brandsFileSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      config: { file: resolved, brands: [] },
      problems: parsed.error.issues.map(
        (issue) => `${where} ${describePath(issue.path) || 'file'}: ${issue.message}`,
      ),
    };
  }
  const problems: string[] = [];
  const brands = parsed.data.brands.map((entry, index): ConfiguredBrand => {
    let logoUrl = DEFAULT_BRAND.logoUrl;
    if (entry.logo !== undefined) {
      try {
        logoUrl = readLogo(resolved, entry.logo);
      } catch (error) {
        const reason =
          (error as NodeJS.ErrnoException).code === 'ENOENT'
            ? 'no such file'
            : (error as Error).message;
        problems.push(`${where} brands[${index}].logo (${entry.logo}): ${reason}`);
      }
    }
    if (entry.idpHint && configuredHints && !configuredHints.includes(entry.idpHint)) {
      const prefix = `IDP_${entry.idpHint.toUpperCase()}`;
      problems.push(
        `${where} brands[${index}].idpHint: "${entry.idpHint}" is not configured; set ${prefix}_ISSUER and ${prefix}_CLIENT_ID`,
      );
    }
    return {
      brand: {
        id: entry.id,
        name: entry.name,
        logoUrl,
        primaryColor: entry.primaryColor?.toLowerCase() ?? null,
        landing: entry.landing ?? null,
        supportPhone: entry.support?.phone ?? null,
        supportEmail: entry.support?.email ?? null,
        helpCenterUrl: entry.helpCenterUrl ?? null,
        idpHint: entry.idpHint ?? null,
        // Per request: the resolver sets it from the request's own origin.
        isSignInOrigin: false,
        // The resolver fills it: homeUrl, else the first host on PUBLIC_URL's scheme and port.
        homeUrl: null,
      },
      hosts: entry.hosts,
      homeUrl: entry.homeUrl?.replace(/\/$/, ''),
      feedbackFormUrl: entry.feedbackFormUrl,
    };
  });
  return { config: { file: resolved, brands }, problems };
}
