import { z } from 'zod';
import { IDP_HINTS, PRODUCT_NAME } from '../constants.ts';

/** A brand's colours are written `#rrggbb`. */
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** The id of the studio's own brand, served on every host no brand names. */
export const DEFAULT_BRAND_ID = 'studio';

/** WCAG 2.2 AA: normal text needs a contrast of 4.5:1 with what is behind it (SC 1.4.3). */
export const WCAG_AA_TEXT_CONTRAST = 4.5;

export const brandSchema = z.object({
  /** The brand's id in the brands file; `studio` for the studio's own brand. */
  id: z.string().min(1).max(40),
  /** What the shell, the document title and the footer call the product. */
  name: z.string().min(1).max(80),
  /** The logo: the studio's `/logo.svg`, or the brand's SVG as a `data:` address. */
  logoUrl: z.string().min(1),
  /** The primary colour of buttons and links (`#rrggbb`); null = the studio's own palette. */
  primaryColor: z.string().regex(HEX_COLOR_PATTERN).nullable(),
  /** The landing page's heading and text; null = the studio's own. */
  landing: z.object({ heading: z.string().min(1), text: z.string().min(1) }).nullable(),
  /** The footer's Support tooltip (spec §2); null = the console's configured ones. */
  supportPhone: z.string().min(1).nullable(),
  supportEmail: z.email().nullable(),
  /** The left menu's Help Center site; null = the console's configured one. */
  helpCenterUrl: z.url().nullable(),
  /** The identity provider the landing page's Sign in goes through (spec §1); null = none. */
  idpHint: z.enum(IDP_HINTS).nullable(),
  /**
   * Whether the page's address is the studio's PUBLIC_URL, where every sign-in returns: the
   * landing page's silent check can only answer there (its frame ends on that origin).
   */
  isSignInOrigin: z.boolean(),
  /**
   * The brand's home address (`http(s)://host[:port]`): every link an author copies (share link,
   * embed code, transcript page) is written with it, so the visitor meets the brand. Null for the
   * studio's own brand: the page's own origin.
   */
  homeUrl: z.url({ protocol: /^https?$/ }).nullable(),
});
export type Brand = z.infer<typeof brandSchema>;

/** The studio's own brand: what a deployment without a brands file shows, unchanged. */
export const DEFAULT_BRAND: Brand = {
  id: DEFAULT_BRAND_ID,
  name: PRODUCT_NAME,
  logoUrl: '/logo.svg',
  primaryColor: null,
  landing: null,
  supportPhone: null,
  supportEmail: null,
  helpCenterUrl: null,
  idpHint: null,
  isSignInOrigin: true,
  homeUrl: null,
};

export const BRAND_SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export type BrandShade = (typeof BRAND_SHADES)[number];

// How far each shade moves from the primary (600): towards white above it, towards black below.
const SHADE_MIX: Record<BrandShade, { toward: 'white' | 'black'; amount: number }> = {
  50: { toward: 'white', amount: 0.93 },
  100: { toward: 'white', amount: 0.86 },
  200: { toward: 'white', amount: 0.74 },
  300: { toward: 'white', amount: 0.56 },
  400: { toward: 'white', amount: 0.36 },
  500: { toward: 'white', amount: 0.16 },
  600: { toward: 'white', amount: 0 },
  700: { toward: 'black', amount: 0.16 },
  800: { toward: 'black', amount: 0.32 },
  900: { toward: 'black', amount: 0.48 },
};

function parseHex(color: string): [number, number, number] {
  const value = Number.parseInt(color.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function toHex(channels: readonly number[]): string {
  return `#${channels.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The Tailwind `brand-*` palette made from one primary colour (`#rrggbb`), which becomes shade
 * 600 (the buttons' background and the links' colour across the console).
 */
export function deriveBrandPalette(primary: string): Record<BrandShade, string> {
  const channels = parseHex(primary);
  return Object.fromEntries(
    BRAND_SHADES.map((shade) => {
      const { toward, amount } = SHADE_MIX[shade];
      const target = toward === 'white' ? 255 : 0;
      return [shade, toHex(channels.map((channel) => channel + (target - channel) * amount))];
    }),
  ) as Record<BrandShade, string>;
}

function relativeLuminance(color: string): number {
  const [r, g, b] = parseHex(color).map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG 2.2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function getContrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  ) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * Why a primary colour fails WCAG AA where the console uses it (white text on its buttons, its
 * colour as text on white and on the palette's lightest shade), or undefined when it passes.
 */
export function findBrandContrastProblem(primary: string): string | undefined {
  const palette = deriveBrandPalette(primary);
  const pairs: [string, string, string][] = [
    ['white text on it', '#ffffff', palette[600]],
    [
      `its darker shade ${palette[700]} as text on its lightest ${palette[50]}`,
      palette[700],
      palette[50],
    ],
  ];
  for (const [what, foreground, background] of pairs) {
    const ratio = getContrastRatio(foreground, background);
    if (ratio < WCAG_AA_TEXT_CONTRAST) {
      return `${what} has a contrast of ${ratio.toFixed(2)}:1; WCAG AA needs ${WCAG_AA_TEXT_CONTRAST}:1`;
    }
  }
  return undefined;
}
